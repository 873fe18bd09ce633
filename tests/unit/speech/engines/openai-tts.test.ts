import { describe, expect, it, vi } from 'vitest';
import { ChatFailure } from '@/lib/core/errors';
import { openaiSpeechRequest, synthesizeOpenAISpeech } from '@/lib/speech/engines/openai-tts';

const access = { baseUrl: 'https://api.example.com/v1/', apiKey: 'sk-1', organization: 'org-9', headers: { 'x-extra': 'yes' } };
const options = { model: 'tts-1-hd', voice: 'nova', speed: 9, format: 'opus' as const };

describe('OpenAI speech', () => {
  it('posts model, input, voice, clamped speed and response_format to {base}/audio/speech', () => {
    const { url, init } = openaiSpeechRequest(access, options, 'Hello there.');
    expect(url).toBe('https://api.example.com/v1/audio/speech');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      'x-extra': 'yes',
      authorization: 'Bearer sk-1',
      'openai-organization': 'org-9',
      'content-type': 'application/json',
      accept: 'audio/ogg',
    });
    expect(JSON.parse(init.body as string)).toEqual({
      model: 'tts-1-hd',
      input: 'Hello there.',
      voice: 'nova',
      speed: 4,
      response_format: 'opus',
    });
    expect(JSON.parse(openaiSpeechRequest(access, { ...options, speed: 0.1 }, 'x').init.body as string).speed).toBe(0.25);
  });

  it('sends no authorization to a key-less compatible server', () => {
    const { init } = openaiSpeechRequest({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: '' }, options, 'x');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('returns the audio with the type the service named', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mpeg; charset=binary' } }));
    const audio = await synthesizeOpenAISpeech(fetch, access, options, 'Hi', new AbortController().signal);
    expect(new Uint8Array(audio.bytes)).toEqual(new Uint8Array([1, 2, 3]));
    expect(audio.mime).toBe('audio/mpeg');
    expect(audio.marks).toEqual([]);
  });

  it('falls back to the format’s type when the service names none', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'application/octet-stream' } }));
    expect((await synthesizeOpenAISpeech(fetch, access, { ...options, format: 'wav' }, 'Hi', new AbortController().signal)).mime).toBe(
      'audio/wav',
    );
  });

  it('turns a 401 into an unauthorized failure carrying the service’s message', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }),
          {
            status: 401,
          },
        ),
    );
    const failure = await synthesizeOpenAISpeech(fetch, access, options, 'Hi', new AbortController().signal).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChatFailure);
    expect((failure as ChatFailure).error).toMatchObject({
      code: 'unauthorized',
      status: 401,
      message: 'Incorrect API key provided.',
      type: 'invalid_api_key',
    });
  });

  it('refuses an empty answer', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([])));
    await expect(synthesizeOpenAISpeech(fetch, access, options, 'Hi', new AbortController().signal)).rejects.toMatchObject({
      error: { code: 'server-error' },
    });
  });
});
