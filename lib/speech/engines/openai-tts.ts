import { ChatFailure, chatError, codeForStatus } from '../../core/errors';
import type { FetchLike } from '../../transport/secure-fetch';
import { joinUrl } from '../../transport/url-policy';
import type { SynthesizedAudio } from '../audio-engine';
import type { OpenAIAudioFormat } from '../speech-settings';

/** Where and as whom to call an OpenAI-style API. Only the background ever holds one. */
export interface OpenAIAccess {
  baseUrl: string;
  apiKey: string;
  organization?: string;
  /** Extra headers the user configured on the provider. */
  headers?: Record<string, string>;
}

export interface OpenAISpeechOptions {
  model: string;
  voice: string;
  /** 1 is normal; the service takes 0.25–4. */
  speed: number;
  format: OpenAIAudioFormat;
}

const FORMAT_MIME: Record<OpenAIAudioFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A key-less access is a local OpenAI-compatible server; whoever resolved the access decided a key was optional. */
export function openaiHeaders(access: OpenAIAccess): Record<string, string> {
  return {
    ...access.headers,
    ...(access.apiKey ? { authorization: `Bearer ${access.apiKey}` } : {}),
    ...(access.organization ? { 'openai-organization': access.organization } : {}),
  };
}

/** POST {base}/audio/speech as the API reference describes it. */
export function openaiSpeechRequest(access: OpenAIAccess, options: OpenAISpeechOptions, text: string): { url: string; init: RequestInit } {
  return {
    url: joinUrl(access.baseUrl, 'audio/speech'),
    init: {
      method: 'POST',
      headers: { ...openaiHeaders(access), 'content-type': 'application/json', accept: FORMAT_MIME[options.format] },
      body: JSON.stringify({
        model: options.model,
        input: text,
        voice: options.voice,
        speed: clamp(Number.isFinite(options.speed) ? options.speed : 1, 0.25, 4),
        response_format: options.format,
      }),
    },
  };
}

/** The service's own words from `{ error: { message, type, code } }`, else the status line. */
export async function openaiFailure(response: Response, provider: string): Promise<ChatFailure> {
  let message = `${response.status} ${response.statusText}`.trim();
  let type: string | undefined;
  try {
    const body = (await response.json()) as { error?: { message?: unknown; type?: unknown; code?: unknown } };
    if (typeof body.error?.message === 'string' && body.error.message) message = body.error.message;
    if (typeof body.error?.code === 'string') type = body.error.code;
    else if (typeof body.error?.type === 'string') type = body.error.type;
  } catch {
    // Not JSON: the status line says enough.
  }
  return new ChatFailure(
    chatError(codeForStatus(response.status), message, { status: response.status, provider, ...(type ? { type } : {}) }),
  );
}

export async function synthesizeOpenAISpeech(
  fetchFn: FetchLike,
  access: OpenAIAccess,
  options: OpenAISpeechOptions,
  text: string,
  signal: AbortSignal,
): Promise<SynthesizedAudio> {
  const { url, init } = openaiSpeechRequest(access, options, text);
  const response = await fetchFn(url, { ...init, signal });
  if (!response.ok) throw await openaiFailure(response, 'openai-tts');
  const bytes = await response.arrayBuffer();
  if (!bytes.byteLength)
    throw new ChatFailure(chatError('server-error', 'The speech service answered with no audio.', { provider: 'openai-tts' }));
  const type = response.headers.get('content-type')?.split(';')[0]?.trim();
  return { bytes, mime: type?.startsWith('audio/') ? type : FORMAT_MIME[options.format], marks: [] };
}
