import { describe, expect, it, vi } from 'vitest';
import { ChatFailure } from '../../../../lib/core/errors';
import { synthesizeOpenAISpeech, type OpenAIAccess, type OpenAISpeechOptions } from '../../../../lib/speech/engines/openai-tts';
import type { FetchLike } from '../../../../lib/transport/secure-fetch';

const access = {
  baseUrl: 'https://api.example.com/v1/',
  apiKey: 'sk-1',
  organization: 'org-9',
  headers: { 'x-extra': 'yes' },
  budgetOwner: 'tts-test',
};
const options = { model: 'tts-1-hd', voice: 'nova', speed: 9, format: 'opus' as const };

/** What the SDK client put on the wire for one synthesis. */
async function sent(withAccess: OpenAIAccess, withOptions: OpenAISpeechOptions, text: string) {
  const fetch = vi.fn<FetchLike>(async () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'audio/ogg' } }));
  await synthesizeOpenAISpeech(fetch, withAccess, withOptions, text, new AbortController().signal);
  expect(fetch).toHaveBeenCalledOnce();
  const [url, init] = fetch.mock.calls[0]!;
  return { url: String(url), init: { ...init, headers: Object.fromEntries(new Headers(init?.headers)) } };
}

describe('OpenAI speech', () => {
  it('posts model, input, voice, clamped speed and response_format to {base}/audio/speech', async () => {
    const { url, init } = await sent(access, options, 'Hello there.');
    expect(url).toBe('https://api.example.com/v1/audio/speech');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
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
    expect(JSON.parse((await sent(access, { ...options, speed: 0.1 }, 'x')).init.body as string).speed).toBe(0.25);
  });

  it('sends no authorization to a key-less compatible server', async () => {
    const { init } = await sent({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: '', budgetOwner: 'local' }, options, 'x');
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

  it('names failures as the chat side does, through the same SDK client: a spent quota is quota-exceeded, not rate-limited', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      Response.json(
        { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' } },
        { status: 429 },
      ),
    );
    const failure = await synthesizeOpenAISpeech(
      fetch,
      { ...access, budgetOwner: 'quota' },
      options,
      'Hi',
      new AbortController().signal,
    ).catch((e: unknown) => e);
    expect((failure as ChatFailure).error).toMatchObject({ code: 'quota-exceeded', status: 429, provider: 'openai-tts' });
    // A spent quota is still a 429 to the retry policy, which the chat side retries alike.
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(String(fetch.mock.calls[0]![0])).toBe('https://api.example.com/v1/audio/speech');
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('user-agent')).toMatch(/^OpenAI\/JS /);
  });

  it('refuses an empty answer', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([])));
    await expect(synthesizeOpenAISpeech(fetch, access, options, 'Hi', new AbortController().signal)).rejects.toMatchObject({
      error: { code: 'server-error' },
    });
  });
});
