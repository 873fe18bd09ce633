/** Audio as bytes: what a speech service's answer holds. */
import { fail } from '../core/errors';
import type { SynthesizedAudio } from './audio-engine';

/** A speech service's audio answer: refused when empty, typed by its content-type when that is audio, else by `fallbackMime`. */
export async function audioOfResponse(response: Response, fallbackMime: string, provider: string): Promise<SynthesizedAudio> {
  const bytes = await response.arrayBuffer();
  if (!bytes.byteLength) fail('server-error', 'The speech service answered with no audio.', { provider });
  const type = response.headers.get('content-type')?.split(';')[0]?.trim();
  return { bytes, mime: type?.startsWith('audio/') ? type : fallbackMime, marks: [] };
}
