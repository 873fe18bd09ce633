/**
 * Audio as bytes: what a speech service's answer holds, and how it crosses
 * runtime messaging, as base64: Chrome serialises extension messages as
 * JSON, which would turn an ArrayBuffer into `{}`.
 */
import { fail } from '../core/errors';
import type { SynthesizedAudio } from './audio-engine';

/** Below the argument count String.fromCharCode.apply tolerates everywhere. */
const SLICE = 0x8000;

export function bytesToBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += SLICE) binary += String.fromCharCode(...view.subarray(i, i + SLICE));
  return btoa(binary);
}

export function base64ToBytes(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** A speech service's audio answer: refused when empty, typed by its content-type when that is audio, else by `fallbackMime`. */
export async function audioOfResponse(response: Response, fallbackMime: string, provider: string): Promise<SynthesizedAudio> {
  const bytes = await response.arrayBuffer();
  if (!bytes.byteLength) fail('server-error', 'The speech service answered with no audio.', { provider });
  const type = response.headers.get('content-type')?.split(';')[0]?.trim();
  return { bytes, mime: type?.startsWith('audio/') ? type : fallbackMime, marks: [] };
}
