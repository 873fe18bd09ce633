import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { geminiAdapter } from '../../../lib/providers/gemini/gemini';
import { buildGeminiRequest, SKIP_SIGNATURE } from '../../../lib/providers/gemini/gemini-request';
import { credentialedFetch, type FetchLike } from '../../../lib/transport/secure-fetch';
import { geminiErrorBody, geminiQuotaErrorBody, startGeminiMock, type GeminiMock } from '../../mocks/gemini-server';
import { fakeClockThatRunsItself, until, installFakeClock } from '../support/fake-clock';
import { errorOf, finishOf, providerContext, runAdapterContract, runChat, textOf, harnessOn, type AdapterHarness } from './contract';

const KEY = 'AIza-contract-key';

async function geminiHarness(): Promise<AdapterHarness> {
  const mock = await startGeminiMock({ apiKey: KEY });
  const context = (signal?: AbortSignal, apiKey = KEY) =>
    providerContext('gemini', { baseUrl: mock.url }, { apiKey }, credentialedFetch(), signal);
  return harnessOn(mock, {
    adapter: geminiAdapter,
    model: 'gemini-2.0-flash',
    context,
    rejectCredentials: () => context(undefined, 'AIza-wrong'),
  });
}

runAdapterContract('gemini', geminiHarness);

const hi: ChatRequest = { model: 'gemini-2.0-flash', messages: [{ role: 'user', content: 'hi' }] };

const noNetwork: FetchLike = () => {
  throw new Error('no request may be made');
};

const weather = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('Gemini adapter', () => {
  let mock: GeminiMock;
  const ctx = (secrets: Record<string, string> = { apiKey: KEY }, signal?: AbortSignal) =>
    providerContext('gemini', { baseUrl: mock.url }, secrets, credentialedFetch(), signal);

  beforeAll(async () => {
    mock = await startGeminiMock({ apiKey: KEY, maxPageSize: 2 });
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
  });

  describe('credentials', () => {
    it.each(['', '   '])("refuses to start without a key (%j) with 'Credential is missing'", async (apiKey) => {
      const events = await runChat(
        geminiAdapter,
        providerContext('gemini', { baseUrl: 'https://generativelanguage.googleapis.com' }, { apiKey }, noNetwork),
        hi,
      );
      expect(events).toEqual([
        { type: 'error', error: expect.objectContaining({ code: 'credential-missing', message: 'Credential is missing' }) },
      ]);
      await expect(geminiAdapter.listModels(providerContext('gemini', {}, {}, noNetwork))).rejects.toMatchObject({
        error: { code: 'credential-missing' },
      });
    });

    it('sends the key only as the x-goog-api-key header, never in a URL', async () => {
      await runChat(geminiAdapter, ctx(), hi);
      await geminiAdapter.listModels(ctx());
      expect(mock.requests.length).toBeGreaterThan(1);
      for (const r of mock.requests) {
        expect(r.headers['x-goog-api-key']).toBe(KEY);
        expect(r.path).not.toContain(KEY);
        expect(r.path).not.toMatch(/[?&]key=/);
      }
    });

    it('goes to the public service when the base URL is left blank', async () => {
      const spy = vi.fn<FetchLike>(async () => Response.json({ models: [] }));
      await geminiAdapter.listModels(providerContext('gemini', { baseUrl: '' }, { apiKey: KEY }, spy));
      expect(String(spy.mock.calls[0]?.[0])).toBe('https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000');
    });

    it('refuses to send the key over plain http to a non-loopback host', async () => {
      const events = await runChat(
        geminiAdapter,
        providerContext('gemini', { baseUrl: 'http://gemini.example.test' }, { apiKey: KEY }, noNetwork),
        hi,
      );
      expect(errorOf(events)?.code).toBe('insecure-url');
    });

    it("reports a redirect as 'cross-origin-redirect' and never follows it", async () => {
      mock.enqueue({ kind: 'status', status: 307, headers: { location: 'http://127.0.0.2:1/elsewhere' } });
      const events = await runChat(geminiAdapter, ctx(), hi);
      expect(errorOf(events)?.code).toBe('cross-origin-redirect');
      expect(mock.requests).toHaveLength(1);
    });
  });

  describe('models', () => {
    it('lists, across pages, only the models that generate content, labelled with their display names', async () => {
      const models = await geminiAdapter.listModels(ctx());
      expect(models).toEqual([
        { id: 'gemini-2.0-flash', label: 'Gemini 2.0 Flash' },
        { id: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash' },
        { id: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro' },
      ]);
      expect(mock.requests.filter((r) => r.path.startsWith('/v1beta/models'))).toHaveLength(3);
    });

    it("makes 'Test connection' fail with the exact reason", async () => {
      await expect(geminiAdapter.listModels(ctx({ apiKey: 'AIza-wrong' }))).rejects.toMatchObject({
        error: { code: 'unauthorized', status: 400, message: 'API key not valid. Please pass a valid API key.' },
      });
    });

    it('knows which models refuse function declarations', () => {
      expect(geminiAdapter.supportsTools?.('gemini-2.5-flash')).toBe(true);
      expect(geminiAdapter.supportsTools?.('gemma-3-27b-it')).toBe(false);
      expect(geminiAdapter.supportsTools?.('gemini-2.5-flash-preview-tts')).toBe(false);
      expect(geminiAdapter.supportsTools?.('gemini-2.5-flash-image')).toBe(false);
    });
  });

  describe('request', () => {
    const conversation: ChatRequest = {
      model: 'gemini-2.0-flash',
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'system', content: 'Use metric units.' },
        { role: 'user', content: 'Weather in Paris and Oslo?' },
        {
          role: 'assistant',
          content: 'Checking.',
          toolCalls: [
            { id: 'gemini-call-1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { id: 'abc123', name: 'get_weather', arguments: '{"city":"Oslo"}' },
          ],
        },
        { role: 'tool', content: '{"temp":21}', toolCallId: 'gemini-call-1', name: 'get_weather' },
        { role: 'tool', content: 'cloudy, 4°C', toolCallId: 'abc123' },
        { role: 'assistant', content: 'Paris 21°C, Oslo 4°C.' },
        { role: 'user', content: 'Thanks' },
      ],
      params: { temperature: 0.3, topP: 0.8, maxTokens: 256, stop: ['END'], frequencyPenalty: 1 },
      tools: [weather],
    };

    it('sends system instructions, contents, function declarations and generation params on the wire', async () => {
      await runChat(geminiAdapter, ctx(), conversation);
      const sent = mock.requests.at(-1);
      expect(sent?.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
      expect(sent?.body).toEqual({
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris and Oslo?' }] },
          {
            role: 'model',
            parts: [
              { text: 'Checking.' },
              { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
              { functionCall: { name: 'get_weather', args: { city: 'Oslo' }, id: 'abc123' } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'get_weather', response: { temp: 21 } } },
              { functionResponse: { name: 'get_weather', response: { output: 'cloudy, 4°C' }, id: 'abc123' } },
            ],
          },
          { role: 'model', parts: [{ text: 'Paris 21°C, Oslo 4°C.' }] },
          { role: 'user', parts: [{ text: 'Thanks' }] },
        ],
        systemInstruction: { parts: [{ text: 'Be terse.\n\nUse metric units.' }] },
        tools: [
          {
            functionDeclarations: [
              { name: 'get_weather', description: 'Current weather for a city', parametersJsonSchema: weather.parameters },
            ],
          },
        ],
        generationConfig: { temperature: 0.3, topP: 0.8, maxOutputTokens: 256, stopSequences: ['END'] },
      });
    });

    it('signs the first replayed call of each step for models that demand thought signatures', () => {
      const parts = (model: string) => buildGeminiRequest({ ...conversation, model }).contents[1]?.parts?.map((p) => p.thoughtSignature);
      expect(parts('gemini-3-pro-preview')).toEqual([undefined, SKIP_SIGNATURE, undefined]);
      expect(parts('gemini-2.5-flash')).toEqual([undefined, undefined, undefined]);
    });

    it("refuses a tool result that names no function with 'bad-request'", async () => {
      const events = await runChat(geminiAdapter, ctx(), {
        ...hi,
        messages: [...hi.messages, { role: 'tool', content: '1', toolCallId: 'x' }],
      });
      expect(errorOf(events)?.code).toBe('bad-request');
      expect(mock.requests).toHaveLength(0);
    });
  });

  describe('function calls', () => {
    it('emits a call with a generated id when Gemini gives none, and finishes with tool-calls', async () => {
      mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Paris"}', text: 'Let me check.' });
      const events = await runChat(geminiAdapter, ctx(), { ...hi, tools: [weather] });
      expect(textOf(events)).toBe('Let me check.');
      const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
      expect(calls).toEqual([{ id: expect.stringMatching(/^gemini-call-/), name: 'get_weather', arguments: '{"city":"Paris"}' }]);
      expect(finishOf(events)).toBe('tool-calls');
    });

    it("keeps Gemini's own call id so the response can be matched to it", async () => {
      mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{}', id: 'g-42' });
      const events = await runChat(geminiAdapter, ctx(), { ...hi, tools: [weather] });
      expect(events.find((e) => e.type === 'tool-call')).toMatchObject({ call: { id: 'g-42' } });
    });
  });

  describe('safety', () => {
    it("turns a blocked prompt into 'content-filtered' with the reason", async () => {
      mock.enqueue({ kind: 'prompt-blocked', blockReason: 'PROHIBITED_CONTENT' });
      const events = await runChat(geminiAdapter, ctx(), hi);
      expect(events).toHaveLength(1);
      expect(errorOf(events)).toMatchObject({ code: 'content-filtered', type: 'PROHIBITED_CONTENT', retryable: false });
      expect(errorOf(events)?.message).toContain('PROHIBITED_CONTENT');
    });

    it("keeps the text before a SAFETY stop, then ends with 'content-filtered' naming the category", async () => {
      mock.enqueue({ kind: 'text', text: 'Step one is to', finishReason: 'SAFETY' });
      const events = await runChat(geminiAdapter, ctx(), hi);
      expect(textOf(events)).toBe('Step one is to');
      expect(errorOf(events)).toMatchObject({ code: 'content-filtered', type: 'SAFETY' });
      expect(errorOf(events)?.message).toContain('HARM_CATEGORY_DANGEROUS_CONTENT');
    });

    it("finishes with 'length' when the output token limit is reached", async () => {
      mock.enqueue({ kind: 'text', text: 'Cut', finishReason: 'MAX_TOKENS' });
      expect(finishOf(await runChat(geminiAdapter, ctx(), hi))).toBe('length');
    });
  });

  describe('errors', () => {
    // Every retry's back-off passes at once on a fake clock.
    let realClock: () => void;
    beforeEach(() => (realClock = fakeClockThatRunsItself()));
    afterEach(() => realClock());

    it("maps a per-minute quota to 'rate-limited', naming the quota and when to retry", async () => {
      mock.enqueue({ kind: 'status', status: 429, body: geminiQuotaErrorBody('minute'), headers: { 'retry-after-ms': '1' } }, { times: 3 });
      const error = errorOf(await runChat(geminiAdapter, ctx(), hi));
      expect(error).toMatchObject({ code: 'rate-limited', status: 429, type: 'RESOURCE_EXHAUSTED', retryable: true });
      expect(error?.message).toContain('GenerateRequestsPerMinutePerProjectPerModel-FreeTier');
      expect(error?.message).toContain('retry in 37s');
      expect(mock.requests).toHaveLength(3);
    });

    it("maps a daily quota to 'quota-exceeded'", async () => {
      mock.enqueue({ kind: 'status', status: 429, body: geminiQuotaErrorBody('day'), headers: { 'retry-after-ms': '1' } }, { times: 3 });
      expect(errorOf(await runChat(geminiAdapter, ctx(), hi))).toMatchObject({ code: 'quota-exceeded', retryable: false });
    });

    it("maps a quota of zero (no access on this plan) to 'quota-exceeded', whatever its period", async () => {
      const body = geminiErrorBody(429, 'You exceeded your current quota.', [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [{ quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier', quotaValue: '0' }],
        },
      ]);
      mock.enqueue({ kind: 'status', status: 429, body, headers: { 'retry-after-ms': '1' } }, { times: 3 });
      expect(errorOf(await runChat(geminiAdapter, ctx(), hi))?.code).toBe('quota-exceeded');
    });

    it("maps a bare 429 to 'rate-limited'", async () => {
      mock.enqueue({ kind: 'status', status: 429, headers: { 'retry-after-ms': '1' } }, { times: 3 });
      expect(errorOf(await runChat(geminiAdapter, ctx(), hi))?.code).toBe('rate-limited');
    });

    it("maps an unknown model to 'model-not-found'", async () => {
      const events = await runChat(geminiAdapter, ctx(), { ...hi, model: 'gemini-nope' });
      expect(errorOf(events)).toMatchObject({ code: 'model-not-found', status: 404 });
    });

    it("maps an unsupported location to 'forbidden'", async () => {
      mock.enqueue({
        kind: 'status',
        status: 400,
        body: { error: { code: 400, message: 'User location is not supported for the API use.', status: 'FAILED_PRECONDITION' } },
      });
      expect(errorOf(await runChat(geminiAdapter, ctx(), hi))?.code).toBe('forbidden');
    });

    it("maps a gateway timeout to 'timeout' once the retries are spent", async () => {
      mock.enqueue({ kind: 'status', status: 504, headers: { 'retry-after-ms': '1' } }, { times: 3 });
      expect(errorOf(await runChat(geminiAdapter, ctx(), hi))).toMatchObject({ code: 'timeout', status: 504, type: 'DEADLINE_EXCEEDED' });
    });

    it('backs off by itself when a 5xx names no Retry-After', async () => {
      mock.enqueue({ kind: 'status', status: 502 });
      expect(textOf(await runChat(geminiAdapter, ctx(), hi))).toBe('Echo: hi');
      expect(mock.requests).toHaveLength(2);
    });

    it('retries an overloaded model, honouring Retry-After, and then answers', async () => {
      mock.enqueue({ kind: 'status', status: 503, headers: { 'retry-after': '0.05' } }, { times: 2 });
      const events = await runChat(geminiAdapter, ctx(), hi);
      expect(textOf(events)).toBe('Echo: hi');
      expect(mock.requests).toHaveLength(3);
    });

    it("gives up on a 503 after two retries with 'service-unavailable'", async () => {
      mock.enqueue({ kind: 'status', status: 503, body: geminiErrorBody(503), headers: { 'retry-after-ms': '1' } }, { times: 3 });
      expect(errorOf(await runChat(geminiAdapter, ctx(), hi))).toMatchObject({ code: 'service-unavailable', status: 503 });
      expect(mock.requests).toHaveLength(3);
    });

    it("stops waiting between retries when the user stops, with 'aborted'", async () => {
      realClock();
      installFakeClock();
      mock.enqueue({ kind: 'status', status: 503, headers: { 'retry-after': '15' } }, { times: 3 });
      const controller = new AbortController();
      const run = runChat(geminiAdapter, ctx(undefined, controller.signal), hi);
      await until(() => mock.requests.length === 1 && vi.getTimerCount() > 0);
      controller.abort();
      expect(errorOf(await run)?.code).toBe('aborted');
      expect(mock.requests).toHaveLength(1);
    });

    it("reports a stream cut inside an event as 'network'", async () => {
      const cut: FetchLike = async () =>
        new Response('data: {"candidates":[{"content":{"parts":[{"text":"lost"}]', { headers: { 'content-type': 'text/event-stream' } });
      const events = await runChat(geminiAdapter, providerContext('gemini', { baseUrl: mock.url }, { apiKey: KEY }, cut), hi);
      expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'network' }) }]);
    });
  });
});
