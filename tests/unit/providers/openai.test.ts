import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { ChatFailure } from '../../../lib/core/errors';
import { createOpenAICompatibleAdapter, type OpenAICompatibleKind } from '../../../lib/providers/openai';
import { credentialedFetch, type FetchLike } from '../../../lib/transport/secure-fetch';
import { startOpenAIMock, type OpenAIMock } from '../../mocks/openai-server';
import { fakeClockThatRunsItself } from '../support/fake-clock';
import { errorOf, finishOf, providerContext, runAdapterContract, runChat, textOf, harnessOn, type AdapterHarness } from './contract';

const KEY = 'sk-contract-key';

async function openAIHarness(kind: OpenAICompatibleKind, apiKey?: string): Promise<AdapterHarness> {
  const mock = await startOpenAIMock({ apiKey });
  const adapter = createOpenAICompatibleAdapter(kind);
  const context = (signal?: AbortSignal, secrets: Record<string, string> = apiKey ? { apiKey } : {}) =>
    providerContext(kind, { baseUrl: mock.url, organization: '' }, secrets, credentialedFetch(), signal);
  return harnessOn(mock, {
    adapter,
    model: 'gpt-4o-mini',
    context,
    rejectCredentials: () => {
      if (apiKey) return context(undefined, { apiKey: 'sk-wrong' });
      mock.enqueue({ kind: 'status', status: 401 });
      return context();
    },
  });
}

runAdapterContract('openai', () => openAIHarness('openai', KEY));
runAdapterContract('openai-compatible without a key', () => openAIHarness('openai-compatible'));
runAdapterContract('openai-compatible with a key', () => openAIHarness('openai-compatible', KEY));

const hi: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

/** A fetch that fails the test if anything reaches the network. */
const noNetwork: FetchLike = () => {
  throw new Error('no request may be made');
};

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v1`;
}

describe('OpenAI adapter', () => {
  let mock: OpenAIMock;
  const openai = createOpenAICompatibleAdapter('openai');
  const compatible = createOpenAICompatibleAdapter('openai-compatible');
  const ctx = (
    kind: OpenAICompatibleKind,
    secrets: Record<string, string> = { apiKey: KEY },
    settings: Record<string, string> = {},
    signal?: AbortSignal,
  ) => providerContext(kind, { baseUrl: mock.url, organization: '', ...settings }, secrets, credentialedFetch(), signal);

  beforeAll(async () => {
    mock = await startOpenAIMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
  });

  describe('credentials', () => {
    it.each(['', '   '])("refuses to start without a key (%j) with 'Credential is missing'", async (apiKey) => {
      const events = await runChat(openai, providerContext('openai', { baseUrl: 'https://api.openai.com/v1' }, { apiKey }, noNetwork), hi);
      expect(events).toEqual([
        { type: 'error', error: expect.objectContaining({ code: 'credential-missing', message: 'Credential is missing' }) },
      ]);
      await expect(openai.listModels(providerContext('openai', {}, {}, noNetwork))).rejects.toMatchObject({
        error: { code: 'credential-missing', message: 'Credential is missing' },
      });
    });

    it('sends no Authorization header at all for a compatible server without a key', async () => {
      await runChat(compatible, ctx('openai-compatible', {}), hi);
      await compatible.listModels(ctx('openai-compatible', { apiKey: '  ' }));
      expect(mock.requests).toHaveLength(2);
      for (const r of mock.requests) expect(r.headers.authorization).toBeUndefined();
    });

    it('sends the key as a bearer token', async () => {
      await runChat(compatible, ctx('openai-compatible', { apiKey: ` ${KEY} ` }), hi);
      expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    });

    it.each<[OpenAICompatibleKind, Record<string, string>]>([
      ['openai', { apiKey: KEY }],
      ['openai-compatible', { apiKey: KEY }],
      ['openai-compatible', { extraHeaders: '{"X-Api-Key":"secret"}' }],
    ])('refuses a %s credential over plain http to a non-loopback host (%j)', async (kind, secrets) => {
      const adapter = createOpenAICompatibleAdapter(kind);
      const events = await runChat(adapter, providerContext(kind, { baseUrl: 'http://models.example.test/v1' }, secrets, noNetwork), hi);
      expect(errorOf(events)?.code).toBe('insecure-url');
    });

    it('talks plain http to a non-loopback compatible server when there is no credential', async () => {
      const spy = vi.fn<FetchLike>(async () =>
        Response.json({ object: 'list', data: [{ id: 'local-model', object: 'model', created: 0, owned_by: 'x' }] }),
      );
      const models = await compatible.listModels(
        providerContext('openai-compatible', { baseUrl: 'http://models.example.test/v1/' }, {}, spy),
      );
      expect(models).toEqual([{ id: 'local-model' }]);
      expect(String(spy.mock.calls[0]?.[0])).toBe('http://models.example.test/v1/models');
    });

    it("reports a redirect as 'cross-origin-redirect' and never follows it", async () => {
      mock.enqueue(
        { kind: 'status', status: 307, headers: { location: 'http://127.0.0.2:1/v1/chat/completions', 'retry-after-ms': '1' } },
        { times: 3 },
      );
      const events = await runChat(openai, ctx('openai'), hi);
      expect(errorOf(events)?.code).toBe('cross-origin-redirect');
      expect(mock.requests.every((r) => r.path === '/v1/chat/completions')).toBe(true);
    });
  });

  describe('headers', () => {
    it('adds extra headers and the organization', async () => {
      await runChat(openai, ctx('openai', { apiKey: KEY, extraHeaders: '{"X-Team":"blue","X-Num":3}' }, { organization: 'org-42' }), hi);
      const headers = mock.requests[0]?.headers;
      expect(headers?.['x-team']).toBe('blue');
      expect(headers?.['x-num']).toBe('3');
      expect(headers?.['openai-organization']).toBe('org-42');
    });

    it('lets extra headers carry the whole authentication of a keyless server', async () => {
      await runChat(compatible, ctx('openai-compatible', { extraHeaders: '{"authorization":"Token abc"}' }), hi);
      expect(mock.requests[0]?.headers.authorization).toBe('Token abc');
    });

    it.each(['not json', '[1]', '{"bad name":"x"}', '{"X":{"nested":1}}'])(
      "rejects extra headers %j with 'bad-request'",
      async (extraHeaders) => {
        const events = await runChat(openai, ctx('openai', { apiKey: KEY, extraHeaders }), hi);
        expect(errorOf(events)?.code).toBe('bad-request');
        expect(mock.requests).toHaveLength(0);
      },
    );
  });

  describe('request', () => {
    const full: ChatRequest = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'weather in Paris?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', content: '{"temp":21}', toolCallId: 'call_1', name: 'get_weather' },
        { role: 'assistant', content: 'It is 21°C.' },
      ],
      tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
      params: { temperature: 0.2, topP: 0.9, maxTokens: 100, stop: ['END'], frequencyPenalty: 0.1, presencePenalty: 0.3 },
    };

    it('maps messages, tools and parameters to the chat completions body', async () => {
      await runChat(openai, ctx('openai'), full);
      expect(mock.requests[0]?.body).toEqual({
        model: 'gpt-4o',
        stream: true,
        stream_options: { include_usage: true },
        messages: [
          { role: 'system', content: 'sys' },
          { role: 'user', content: 'weather in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
          },
          { role: 'tool', content: '{"temp":21}', tool_call_id: 'call_1' },
          { role: 'assistant', content: 'It is 21°C.' },
        ],
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'Weather',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
        temperature: 0.2,
        top_p: 0.9,
        max_completion_tokens: 100,
        stop: ['END'],
        frequency_penalty: 0.1,
        presence_penalty: 0.3,
      });
    });

    it('uses max_tokens for compatible servers and leaves unset parameters out', async () => {
      await runChat(compatible, ctx('openai-compatible', {}), { ...hi, params: { maxTokens: 5, stop: [] } });
      const body = mock.requests[0]?.body as Record<string, unknown>;
      expect(body.max_tokens).toBe(5);
      expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'stream', 'stream_options']);
    });
  });

  describe('replies', () => {
    it.each([
      ['length', 'length'],
      ['content_filter', 'content-filter'],
      ['something_new', 'other'],
    ])("maps finish_reason %s to '%s'", async (wire, reason) => {
      mock.enqueue({ kind: 'text', text: 'x', finishReason: wire });
      expect(finishOf(await runChat(openai, ctx('openai'), hi))).toBe(reason);
    });

    it('cancels the request when the caller stops reading', async () => {
      mock.enqueue({ kind: 'hang-after', text: 'forever' });
      const before = mock.aborted;
      for await (const event of openai.chat(ctx('openai'), hi)) {
        if (event.type === 'text-delta') break;
      }
      await expect.poll(() => mock.aborted).toBe(before + 1);
    });
  });

  describe('errors', () => {
    // Every retry's back-off passes at once on a fake clock.
    let realClock: () => void;
    beforeEach(() => (realClock = fakeClockThatRunsItself()));
    afterEach(() => realClock());

    it.each([
      [403, undefined, 'forbidden'],
      [404, undefined, 'model-not-found'],
      [404, { error: { message: 'Not found', type: 'invalid_request_error', code: null } }, 'not-found'],
      [404, { object: 'error', message: 'The model `x` does not exist.', type: 'NotFoundError', code: 404 }, 'model-not-found'],
      [400, undefined, 'bad-request'],
      [
        429,
        { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
        'quota-exceeded',
      ],
      [429, undefined, 'rate-limited'],
      [503, undefined, 'service-unavailable'],
    ])('maps status %i (%j) to %s', async (status, body, code) => {
      mock.enqueue({ kind: 'status', status, body, headers: { 'retry-after-ms': '1' } }, { times: 3 });
      const events = await runChat(openai, ctx('openai'), hi);
      expect(events).toHaveLength(1);
      expect(errorOf(events)).toMatchObject({ code, status, provider: 'test-openai' });
    });

    it("maps a refused connection to 'network' after the SDK's retries", async () => {
      const events = await runChat(openai, ctx('openai', { apiKey: KEY }, { baseUrl: await closedPortUrl() }), hi);
      expect(errorOf(events)).toMatchObject({ code: 'network', retryable: true });
    });

    it('throws a ChatFailure from listModels', async () => {
      mock.enqueue({ kind: 'status', status: 401 }, { route: 'models' });
      const failure = await openai.listModels(ctx('openai')).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ChatFailure);
      expect((failure as ChatFailure).error.code).toBe('unauthorized');
    });

    it('lists models sorted by id', async () => {
      expect(await openai.listModels(ctx('openai'))).toEqual([{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }]);
    });
  });

  describe('retry-after', () => {
    // Every retry's back-off passes at once on a fake clock.
    let realClock: () => void;
    beforeEach(() => (realClock = fakeClockThatRunsItself()));
    afterEach(() => realClock());

    it('waits as long as a short retry-after asks', async () => {
      mock.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
      const started = Date.now();
      const events = await runChat(openai, ctx('openai'), hi);
      expect(textOf(events)).toBe('Echo: hi');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(mock.requests).toHaveLength(2);
    });

    it("retries a 5xx by the shared policy and not by the SDK's own retries", async () => {
      mock.enqueue({ kind: 'status', status: 500, headers: { 'retry-after-ms': '1' } }, { times: 2 });
      expect(textOf(await runChat(openai, ctx('openai'), hi))).toBe('Echo: hi');
      expect(mock.requests).toHaveLength(3);
    });
  });
});

describe('OpenAI adapter with loosely compatible servers', () => {
  const sse = (...frames: unknown[]) =>
    new Response(frames.map((f) => `data: ${typeof f === 'string' ? f : JSON.stringify(f)}\n\n`).join(''), {
      headers: { 'content-type': 'text/event-stream' },
    });
  const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
    id: 'x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: d, finish_reason: finish }],
  });

  it('accepts tool calls that repeat their name in every fragment or come without an index', async () => {
    const reply = sse(
      delta({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '1}' } }] }),
      delta({ tool_calls: [{ id: 'b', function: { name: 'g', arguments: '{}' } }] }),
      delta({}, 'tool_calls'),
      '[DONE]',
    );
    const adapter = createOpenAICompatibleAdapter('openai-compatible');
    const events = await runChat(
      adapter,
      providerContext('openai-compatible', { baseUrl: 'http://127.0.0.1:9/v1' }, {}, async () => reply),
      hi,
    );
    expect(events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []))).toEqual([
      { id: 'a', name: 'f', arguments: '{"x":1}' },
      { id: 'b', name: 'g', arguments: '{}' },
    ]);
  });

  it("finishes with 'other' when a server never gives a finish reason", async () => {
    const adapter = createOpenAICompatibleAdapter('openai-compatible');
    const events = await runChat(
      adapter,
      providerContext('openai-compatible', { baseUrl: 'http://127.0.0.1:9/v1' }, {}, async () => sse(delta({ content: 'hi' }), '[DONE]')),
      hi,
    );
    expect(textOf(events)).toBe('hi');
    expect(finishOf(events)).toBe('other');
  });
});
