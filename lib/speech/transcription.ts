import { fail } from '../core/errors';
import type { FetchLike } from '../transport/secure-fetch';
import { callOpenAI, type OpenAIAccess } from './engines/openai-tts';

export interface TranscriptionOptions {
  model: string;
  /** A BCP 47 tag; the service wants the ISO 639-1 language, which helps it with short clips. */
  language?: string;
}

/** POST {base}/audio/transcriptions through the SDK: multipart with the file, the model and optionally the language. */
export async function transcribeOpenAI(
  fetchFn: FetchLike,
  access: OpenAIAccess,
  options: TranscriptionOptions,
  audio: Blob,
  fileName: string,
  signal: AbortSignal,
): Promise<string> {
  const language = options.language?.split(/[-_]/)[0]?.toLowerCase();
  return callOpenAI(fetchFn, access, 'openai-transcription', signal, async (client) => {
    const body = await client.audio.transcriptions.create(
      {
        file: new File([audio], fileName, { type: audio.type }),
        model: options.model,
        response_format: 'json',
        ...(language && /^[a-z]{2}$/.test(language) ? { language } : {}),
      },
      { signal },
    );
    if (typeof (body as { text?: unknown }).text !== 'string') fail('malformed-stream', 'The transcription service answered without text.');
    return body.text.trim();
  });
}
