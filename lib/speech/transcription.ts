import { ChatFailure, chatError } from '../core/errors';
import type { FetchLike } from '../transport/secure-fetch';
import { joinUrl } from '../transport/url-policy';
import { openaiFailure, openaiHeaders, type OpenAIAccess } from './engines/openai-tts';

export interface TranscriptionOptions {
  model: string;
  /** A BCP 47 tag; the service wants the ISO 639-1 language, which helps it with short clips. */
  language?: string;
}

/** POST {base}/audio/transcriptions: multipart with the file, the model and optionally the language. */
export function transcriptionRequest(
  access: OpenAIAccess,
  options: TranscriptionOptions,
  audio: Blob,
  fileName: string,
): { url: string; init: RequestInit } {
  const form = new FormData();
  form.append('file', audio, fileName);
  form.append('model', options.model);
  form.append('response_format', 'json');
  const language = options.language?.split(/[-_]/)[0]?.toLowerCase();
  if (language && /^[a-z]{2}$/.test(language)) form.append('language', language);
  // No content-type: fetch sets multipart/form-data with its boundary.
  return { url: joinUrl(access.baseUrl, 'audio/transcriptions'), init: { method: 'POST', headers: openaiHeaders(access), body: form } };
}

export async function transcribeOpenAI(
  fetchFn: FetchLike,
  access: OpenAIAccess,
  options: TranscriptionOptions,
  audio: Blob,
  fileName: string,
  signal: AbortSignal,
): Promise<string> {
  const { url, init } = transcriptionRequest(access, options, audio, fileName);
  const response = await fetchFn(url, { ...init, signal });
  if (!response.ok) throw await openaiFailure(response, 'openai-transcription');
  const body = (await response.json().catch(() => undefined)) as { text?: unknown } | undefined;
  if (typeof body?.text !== 'string')
    throw new ChatFailure(chatError('malformed-stream', 'The transcription service answered without text.'));
  return body.text.trim();
}
