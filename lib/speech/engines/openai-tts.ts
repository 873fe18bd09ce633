import { serviceError, ChatFailure } from '../../core/errors';
import { createOpenAIClient, openAIError } from '../../transport/openai-client';
import type { FetchLike } from '../../transport/secure-fetch';
import { audioOfResponse } from '../audio-bytes';
import type { SynthesizedAudio } from '../audio-engine';
import type { OpenAIAudioFormat } from '../speech-settings';

/** Where and as whom to call an OpenAI-style API. Only the background ever holds one. */
export interface OpenAIAccess {
  baseUrl: string;
  /** Empty for a local OpenAI-compatible server; whoever resolved the access decided a key was optional. */
  apiKey: string;
  organization?: string;
  /** Extra headers the user configured on the provider. */
  headers?: Record<string, string>;
  /** Whose retry budget the calls spend: the chat provider whose key speech borrows, so both share one. */
  budgetOwner: string;
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

/**
 * Calls an OpenAI-style API through the SDK client the chat side builds,
 * so headers, retries and error codes are the chat's; `provider` names the
 * service in errors.
 */
export async function callOpenAI<T>(
  fetchFn: FetchLike,
  access: OpenAIAccess,
  provider: string,
  signal: AbortSignal,
  call: (client: ReturnType<typeof createOpenAIClient>) => Promise<T>,
): Promise<T> {
  try {
    const { apiKey, ...rest } = access;
    return await call(createOpenAIClient({ ...rest, apiKey: apiKey || undefined, fetch: fetchFn }));
  } catch (e) {
    throw new ChatFailure(serviceError(e, provider, signal, openAIError));
  }
}

/** POST {base}/audio/speech as the API reference describes it. */
export async function synthesizeOpenAISpeech(
  fetchFn: FetchLike,
  access: OpenAIAccess,
  options: OpenAISpeechOptions,
  text: string,
  signal: AbortSignal,
): Promise<SynthesizedAudio> {
  return callOpenAI(fetchFn, access, 'openai-tts', signal, async (client) => {
    const response = await client.audio.speech.create(
      {
        model: options.model,
        input: text,
        voice: options.voice,
        speed: clamp(Number.isFinite(options.speed) ? options.speed : 1, 0.25, 4),
        response_format: options.format,
      },
      // The format's own type, not the SDK's octet-stream, so a server that can answer in several picks the one asked for.
      { signal, headers: { accept: FORMAT_MIME[options.format] } },
    );
    return audioOfResponse(response, FORMAT_MIME[options.format], 'openai-tts');
  });
}
