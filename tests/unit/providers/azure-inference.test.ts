import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { ChatFailure } from '../../../lib/core/errors';
import { azureInferenceAdapter as azure } from '../../../lib/providers/azure/azure-inference';
import { getAdapter } from '../../../lib/providers/registry';
import { credentialedFetch, type FetchLike } from '../../../lib/transport/secure-fetch';
import { AZURE_MOCK_MODEL, startAzureMock, type AzureMock, type AzureMockAuth } from '../../mocks/azure-server';
import { fakeClockThatRunsItself } from '../support/fake-clock';
import { errorOf, finishOf, providerContext, runAdapterContract, runChat, textOf, harnessOn, type AdapterHarness } from './contract';

const KEY = 'azure-contract-key';
const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOi.test-token';
const DEFAULT_VERSION = '2024-05-01-preview';

function settingsFor(endpoint: string, extra: Record<string, string> = {}): Record<string, string> {
  return { endpoint, authMode: 'api-key', apiKeyHeader: 'api-key', apiVersion: DEFAULT_VERSION, ...extra };
}

async function azureHarness(mode: 'api-key' | 'bearer'): Promise<AdapterHarness> {
  const auth: AzureMockAuth = mode === 'bearer' ? { bearer: TOKEN } : { header: 'api-key', key: KEY };
  const mock = await startAzureMock({ auth });
  const secret = mode === 'bearer' ? TOKEN : KEY;
  const context = (signal?: AbortSignal, apiKey = secret) =>
    providerContext('azure-inference', settingsFor(mock.url, { authMode: mode }), { apiKey }, credentialedFetch(), signal);
  return harnessOn(mock, {
    adapter: azure,
    model: AZURE_MOCK_MODEL.model_name,
    context,
    rejectCredentials: () => context(undefined, 'wrong-credential'),
  });
}

runAdapterContract('azure-inference with an api-key header', () => azureHarness('api-key'));
runAdapterContract('azure-inference with a bearer token over loopback', () => azureHarness('bearer'));

const hi: ChatRequest = { model: AZURE_MOCK_MODEL.model_name, messages: [{ role: 'user', content: 'hi' }] };

/** A fetch that fails the test if anything reaches the network. */
const noNetwork: FetchLike = () => {
  throw new Error('no request may be made');
};

function sse(...frames: unknown[]): Response {
  return new Response(frames.map((f) => `data: ${typeof f === 'string' ? f : JSON.stringify(f)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });
}

const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  id: 'x',
  created: 0,
  model: 'm',
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});

describe('Azure AI inference adapter', () => {
  let mock: AzureMock;
  const ctx = (settings: Record<string, string> = {}, secrets: Record<string, string> = { apiKey: KEY }, signal?: AbortSignal) =>
    providerContext('azure-inference', settingsFor(mock.url, settings), secrets, credentialedFetch(), signal);

  beforeAll(async () => {
    mock = await startAzureMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
    mock.auth = { header: 'api-key', key: KEY };
    mock.apiVersions = [DEFAULT_VERSION];
    mock.modelInfo = AZURE_MOCK_MODEL;
  });

  it('is the registered adapter for its kind', () => {
    expect(getAdapter('azure-inference')).toBe(azure);
  });

  describe('settings checks', () => {
    const validate =
      (settings: Record<string, string>, secrets: Record<string, string> = { apiKey: KEY }) =>
      () => {
        const typed = settingsFor('https://models.example.test/models', settings);
        azure.validateConfig?.(typed, secrets, typed);
      };

    it.each(['', '   '])("refuses an api-key header name of %j with 'Missing API Key Header Name'", (apiKeyHeader) => {
      expect(validate({ apiKeyHeader })).toThrow(ChatFailure);
      expect(validate({ apiKeyHeader })).toThrow(
        expect.objectContaining({
          error: expect.objectContaining({ code: 'api-key-header-missing', message: 'Missing API Key Header Name' }),
        }),
      );
    });

    it('needs no header name for a bearer token', () => {
      expect(validate({ apiKeyHeader: '', authMode: 'bearer' })).not.toThrow();
    });

    it("refuses a header name that is not an HTTP token with 'bad-request'", () => {
      expect(validate({ apiKeyHeader: 'api key' })).toThrow(
        expect.objectContaining({ error: expect.objectContaining({ code: 'bad-request' }) }),
      );
    });

    it.each(['api-key', 'bearer'])("refuses an empty %s credential with 'Credential is missing'", (authMode) => {
      for (const apiKey of ['', '  ']) {
        expect(validate({ authMode }, { apiKey })).toThrow(
          expect.objectContaining({ error: expect.objectContaining({ code: 'credential-missing', message: 'Credential is missing' }) }),
        );
      }
      expect(validate({ authMode }, {})).toThrow(
        expect.objectContaining({ error: expect.objectContaining({ code: 'credential-missing' }) }),
      );
    });

    it.each(['api-key', 'bearer'])('refuses to send a %s over plain http to another computer, but allows loopback', (authMode) => {
      const check = (endpoint: string) => () => {
        const typed = settingsFor(endpoint, { authMode });
        azure.validateConfig?.(typed, { apiKey: KEY }, typed);
      };
      expect(check('http://models.example.test/models')).toThrow(
        expect.objectContaining({ error: expect.objectContaining({ code: 'insecure-url' }) }),
      );
      expect(check('http://127.0.0.1:8080/models')).not.toThrow();
      expect(check('http://localhost:8080')).not.toThrow();
      expect(check('https://models.example.test')).not.toThrow();
    });

    it("refuses an api-version that would break the query string with 'bad-request'", () => {
      expect(validate({ apiVersion: '2024-05-01&x=1' })).toThrow(
        expect.objectContaining({ error: expect.objectContaining({ code: 'bad-request' }) }),
      );
    });

    it('reports the same mistakes from chat and listModels, before any request', async () => {
      const cleared = providerContext('azure-inference', settingsFor('https://models.example.test/models'), { apiKey: KEY }, noNetwork);
      // Defaults fill a cleared field in ctx.settings; the saved config still shows it was cleared.
      cleared.config.settings = { endpoint: 'https://models.example.test/models', apiKeyHeader: '  ' };
      const events = await runChat(azure, cleared, hi);
      expect(events).toEqual([
        { type: 'error', error: expect.objectContaining({ code: 'api-key-header-missing', message: 'Missing API Key Header Name' }) },
      ]);
      await expect(azure.listModels(cleared)).rejects.toMatchObject({ error: { code: 'api-key-header-missing' } });

      const bearerOverHttp = providerContext(
        'azure-inference',
        settingsFor('http://models.example.test', { authMode: 'bearer' }),
        { apiKey: TOKEN },
        noNetwork,
      );
      expect(errorOf(await runChat(azure, bearerOverHttp, hi))?.code).toBe('insecure-url');
      const noKey = providerContext('azure-inference', settingsFor('https://models.example.test'), {}, noNetwork);
      expect(errorOf(await runChat(azure, noKey, hi))).toMatchObject({ code: 'credential-missing', message: 'Credential is missing' });
    });
  });

  describe('authentication and the request line', () => {
    it('sends the key in the api-key header only, with the default api-version', async () => {
      await runChat(azure, ctx(), hi);
      const request = mock.requests[0];
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe(`/models/chat/completions?api-version=${DEFAULT_VERSION}`);
      expect(request?.headers['api-key']).toBe(KEY);
      expect(request?.headers.authorization).toBeUndefined();
    });

    it('sends the key under the header name the user chose', async () => {
      mock.auth = { header: 'Ocp-Apim-Subscription-Key', key: KEY };
      const events = await runChat(azure, ctx({ apiKeyHeader: 'Ocp-Apim-Subscription-Key' }), hi);
      expect(textOf(events)).toBe('Echo: hi');
      expect(mock.requests[0]?.headers['ocp-apim-subscription-key']).toBe(KEY);
      expect(mock.requests[0]?.headers['api-key']).toBeUndefined();
    });

    it('uses the api-version the user set', async () => {
      mock.apiVersions = ['2025-05-01'];
      const events = await runChat(azure, ctx({ apiVersion: '2025-05-01' }), hi);
      expect(textOf(events)).toBe('Echo: hi');
      expect(mock.requests[0]?.path).toBe('/models/chat/completions?api-version=2025-05-01');
    });

    it('sends a bearer token in Authorization and no api-key header', async () => {
      mock.auth = { bearer: TOKEN };
      await runChat(azure, ctx({ authMode: 'bearer' }, { apiKey: TOKEN }), hi);
      expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(mock.requests[0]?.headers['api-key']).toBeUndefined();
    });

    it("sends a bearer token over https through the SDK's token policy and ctx.fetch", async () => {
      const seen: Request[] = [];
      const fetch = vi.fn<FetchLike>(async (input, init) => {
        seen.push(new Request(input, init));
        return sse(delta({ content: 'secure' }, 'stop'), '[DONE]');
      });
      const context = providerContext(
        'azure-inference',
        settingsFor('https://models.example.test/models', { authMode: 'bearer' }),
        { apiKey: TOKEN },
        fetch,
      );
      const events = await runChat(azure, context, hi);
      expect(textOf(events)).toBe('secure');
      expect(seen).toHaveLength(1);
      expect(seen[0]?.url).toBe(`https://models.example.test/models/chat/completions?api-version=${DEFAULT_VERSION}`);
      expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expect(seen[0]?.headers.get('api-key')).toBeNull();
    });

    it('routes every request through ctx.fetch', async () => {
      const fetch = vi.fn(credentialedFetch());
      const context = providerContext('azure-inference', settingsFor(mock.url), { apiKey: KEY }, fetch);
      await runChat(azure, context, hi);
      await azure.listModels(context);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(mock.requests).toHaveLength(2);
    });

    it("reports a redirect as 'cross-origin-redirect' and never follows it", async () => {
      mock.enqueue({ kind: 'status', status: 307, headers: { location: 'http://127.0.0.2:1/models/chat/completions' } }, { times: 3 });
      const events = await runChat(azure, ctx(), hi);
      expect(errorOf(events)?.code).toBe('cross-origin-redirect');
      expect(mock.requests).toHaveLength(1);
    });
  });

  describe('request body', () => {
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
      await runChat(azure, ctx(), full);
      expect(mock.requests[0]?.body).toEqual({
        model: 'gpt-4o',
        stream: true,
        messages: [
          { role: 'system', content: 'sys' },
          { role: 'user', content: 'weather in Paris?' },
          {
            role: 'assistant',
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
        max_tokens: 100,
        stop: ['END'],
        frequency_penalty: 0.1,
        presence_penalty: 0.3,
      });
    });

    it('leaves unset parameters out and keeps assistant text next to tool calls', async () => {
      const request: ChatRequest = {
        model: 'm',
        messages: [{ role: 'assistant', content: 'Let me look.', toolCalls: [{ id: 'c', name: 'f', arguments: '{}' }] }],
        params: { stop: [] },
      };
      await runChat(azure, ctx(), request);
      expect(mock.requests[0]?.body).toEqual({
        model: 'm',
        stream: true,
        messages: [
          {
            role: 'assistant',
            content: 'Let me look.',
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
        ],
      });
    });
  });

  describe('streamed replies', () => {
    it.each([
      ['length', 'length'],
      ['content_filter', 'content-filter'],
      ['something_new', 'other'],
    ])("maps finish_reason %s to '%s'", async (wire, reason) => {
      mock.enqueue({ kind: 'text', text: 'x', finishReason: wire });
      expect(finishOf(await runChat(azure, ctx(), hi))).toBe(reason);
    });

    it('cancels the request when the caller stops reading', async () => {
      mock.enqueue({ kind: 'hang-after', text: 'forever' });
      const before = mock.aborted;
      for await (const event of azure.chat(ctx(), hi)) {
        if (event.type === 'text-delta') break;
      }
      await expect.poll(() => mock.aborted).toBe(before + 1);
    });

    const stubbed = (reply: Response) =>
      providerContext('azure-inference', settingsFor('https://models.example.test'), { apiKey: KEY }, async () => reply);

    it('accepts a finished stream that never sends [DONE], and calls tools even after a plain stop', async () => {
      const reply = sse(
        delta({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }] }),
        delta({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }, 'stop'),
      );
      const events = await runChat(azure, stubbed(reply), hi);
      expect(events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []))).toEqual([{ id: 'a', name: 'f', arguments: '{"x":1}' }]);
      expect(finishOf(events)).toBe('tool-calls');
    });

    it('maps an in-band rate-limit error to rate-limited', async () => {
      const events = await runChat(
        azure,
        stubbed(sse(delta({ content: 'a' }), { error: { code: '429', message: 'Too many requests' } })),
        hi,
      );
      expect(errorOf(events)).toMatchObject({ code: 'rate-limited', message: 'Too many requests', type: '429' });
    });
  });

  describe('errors', () => {
    // Every retry's back-off passes at once on a fake clock.
    let realClock: () => void;
    beforeEach(() => (realClock = fakeClockThatRunsItself()));
    afterEach(() => realClock());

    it.each([
      [401, undefined, 'unauthorized'],
      [403, undefined, 'forbidden'],
      [404, undefined, 'model-not-found'],
      [404, { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' } }, 'model-not-found'],
      [404, { error: { code: '404', message: 'Resource not found' } }, 'not-found'],
      [
        400,
        { error: { code: 'content_filter', message: 'The response was filtered due to the prompt triggering content management policy.' } },
        'content-filtered',
      ],
      [400, undefined, 'bad-request'],
      [429, { error: { code: 'insufficient_quota', message: 'You exceeded your current quota.' } }, 'quota-exceeded'],
      [429, undefined, 'rate-limited'],
      [503, undefined, 'service-unavailable'],
      [500, undefined, 'server-error'],
    ])('maps status %i (%j) to %s', async (status, body, code) => {
      mock.enqueue({ kind: 'status', status, body, headers: { 'retry-after-ms': '1' } }, { times: 3 });
      const events = await runChat(azure, ctx(), hi);
      expect(events).toHaveLength(1);
      expect(errorOf(events)).toMatchObject({ code, status, provider: 'test-azure-inference' });
    });

    it("keeps Azure's message and code", async () => {
      mock.enqueue({ kind: 'status', status: 403, body: { error: { code: 'PermissionDenied', message: 'No access to this model.' } } });
      expect(errorOf(await runChat(azure, ctx(), hi))).toMatchObject({
        code: 'forbidden',
        message: 'No access to this model.',
        type: 'PermissionDenied',
      });
    });

    it('reads the message of a gateway that answers {message} or plain text', async () => {
      mock.enqueue({ kind: 'status', status: 401, body: { statusCode: 401, message: 'Access token is missing or invalid.' } });
      expect(errorOf(await runChat(azure, ctx(), hi))).toMatchObject({
        code: 'unauthorized',
        message: 'Access token is missing or invalid.',
      });
      mock.enqueue({ kind: 'status', status: 502, body: 'Bad Gateway' }, { times: 3 });
      expect(errorOf(await runChat(azure, ctx(), hi))).toMatchObject({ code: 'server-error', status: 502 });
    });

    it('retries a throttled request after a short Retry-After', async () => {
      mock.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
      const started = Date.now();
      const events = await runChat(azure, ctx(), hi);
      expect(textOf(events)).toBe('Echo: hi');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(mock.requests).toHaveLength(2);
    });

    it.each<Record<string, string>>([
      { 'retry-after': '3600' },
      { 'retry-after-ms': '120000' },
      { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() },
    ])('fails at once rather than wait as long as %j asks', async (headers) => {
      mock.enqueue({ kind: 'status', status: 429, headers });
      const started = Date.now();
      const events = await runChat(azure, ctx(), hi);
      expect(errorOf(events)?.code).toBe('rate-limited');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(mock.requests).toHaveLength(1);
    });
  });

  describe('listModels', () => {
    it('names the model the endpoint serves, from GET /info', async () => {
      expect(await azure.listModels(ctx())).toEqual([{ id: AZURE_MOCK_MODEL.model_name }]);
      expect(mock.requests[0]?.path).toBe(`/models/info?api-version=${DEFAULT_VERSION}`);
      expect(mock.requests[0]?.headers['api-key']).toBe(KEY);
    });

    it('returns no models when the endpoint has no /info, so the typed ones are used', async () => {
      mock.modelInfo = null;
      expect(await azure.listModels(ctx())).toEqual([]);
    });

    it('throws a ChatFailure for a refused key, so Test connection shows it', async () => {
      const failure = await azure.listModels(ctx({}, { apiKey: 'wrong' })).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ChatFailure);
      expect((failure as ChatFailure).error).toMatchObject({ code: 'unauthorized', provider: 'test-azure-inference' });
    });
  });
});
