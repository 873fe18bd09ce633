import createClient, { isUnexpected, type ModelClient } from '@azure-rest/ai-inference';
import type { TokenCredential } from '@azure/core-auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSse } from '../../../lib/transport/sse';
import type { ByteSource } from '../../../lib/transport/stream-lines';
import { AZURE_MOCK_MODEL, startAzureMock, type AzureMock } from '../../mocks/azure-server';

const KEY = 'azure-test-mock';

interface StreamChunk {
  choices: {
    index: number;
    delta: { content?: string; tool_calls?: { index: number; id?: string; function: { name?: string; arguments?: string } }[] };
    finish_reason: string | null;
  }[];
  usage: { prompt_tokens: number; completion_tokens: number } | null;
  error?: { code: string; message: string };
}

/** What an SDK user does with asNodeStream(): read the SSE frames up to [DONE]. */
async function frames(body: unknown): Promise<{ chunks: StreamChunk[]; done: boolean }> {
  const chunks: StreamChunk[] = [];
  let done = false;
  for await (const event of parseSse(body as ByteSource)) {
    if (event.data === '[DONE]') done = true;
    else chunks.push(JSON.parse(event.data) as StreamChunk);
  }
  return { chunks, done };
}

describe('Azure AI inference mock, spoken to by the official SDK', () => {
  let mock: AzureMock;
  let client: ModelClient;

  beforeEach(async () => {
    mock = await startAzureMock({ auth: { header: 'api-key', key: KEY } });
    client = createClient(mock.url, { key: KEY }, { allowInsecureConnection: true, retryOptions: { maxRetries: 0 } });
  });
  afterEach(() => mock.close());

  it('describes its model at GET /info', async () => {
    const response = await client.path('/info').get();
    if (isUnexpected(response)) throw new Error(`unexpected ${response.status}`);
    expect(response.body).toEqual(AZURE_MOCK_MODEL);
    expect(mock.requests[0]?.path).toBe('/models/info?api-version=2024-05-01-preview');
  });

  it('answers without streaming, echoing the last user message with usage', async () => {
    const response = await client.path('/chat/completions').post({
      body: {
        model: AZURE_MOCK_MODEL.model_name,
        messages: [
          { role: 'user', content: 'first' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'Bonjour 👋' },
        ],
      },
    });
    if (isUnexpected(response)) throw new Error(`unexpected ${response.status}`);
    expect(response.body.choices[0]?.message.content).toBe('Echo: Bonjour 👋');
    expect(response.body.choices[0]?.finish_reason).toBe('stop');
    expect(response.body.usage.completion_tokens).toBeGreaterThan(0);
    expect(response.body.model).toBe(AZURE_MOCK_MODEL.model_name);
    const request = mock.requests.at(-1);
    expect(request?.path).toBe('/models/chat/completions?api-version=2024-05-01-preview');
    expect(request?.headers['api-key']).toBe(KEY);
  });

  it('streams server-sent events with usage on the last chunk, then [DONE]', async () => {
    mock.enqueue({ kind: 'text', text: 'Streamed wörds', chunkSize: 3, usage: { input: 5, output: 4 } });
    const response = await client
      .path('/chat/completions')
      .post({ body: { messages: [{ role: 'user', content: 'go' }], stream: true } })
      .asNodeStream();
    expect(response.status).toBe('200');
    expect(response.headers['content-type']).toContain('text/event-stream');
    const { chunks, done } = await frames(response.body);
    expect(done).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Streamed wörds');
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 4 });
  });

  it('streams tool calls in fragments keyed by index', async () => {
    mock.enqueue({ kind: 'tool-call', name: 'get_weather', arguments: '{"city":"Zürich"}', chunkSize: 3 });
    const response = await client
      .path('/chat/completions')
      .post({
        body: {
          messages: [{ role: 'user', content: 'weather?' }],
          tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
          stream: true,
        },
      })
      .asNodeStream();
    const { chunks } = await frames(response.body);
    const parts = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(parts[0]?.function.name).toBe('get_weather');
    expect(parts.map((p) => p.function.arguments ?? '').join('')).toBe('{"city":"Zürich"}');
    expect(new Set(parts.map((p) => p.index))).toEqual(new Set([0]));
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('answers non-streamed tool calls', async () => {
    mock.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'a', arguments: '{}' },
        { name: 'b', arguments: '{"x":1}', id: 'call_b' },
      ],
    });
    const response = await client.path('/chat/completions').post({ body: { messages: [{ role: 'user', content: 'go' }] } });
    if (isUnexpected(response)) throw new Error(`unexpected ${response.status}`);
    const calls = response.body.choices[0]?.message.tool_calls ?? [];
    expect(calls.map((c) => c.function.name)).toEqual(['a', 'b']);
    expect(calls[1]?.id).toBe('call_b');
  });

  it('reports an error inside an already-started stream as an {error} frame', async () => {
    mock.enqueue({ kind: 'error-after', text: 'begun', message: 'generation failed' });
    const response = await client
      .path('/chat/completions')
      .post({ body: { messages: [{ role: 'user', content: 'go' }], stream: true } })
      .asNodeStream();
    const { chunks, done } = await frames(response.body);
    expect(done).toBe(false);
    expect(chunks.at(-1)?.error).toEqual({ code: 'InternalServerError', message: 'generation failed' });
  });

  it('refuses a wrong key with the Azure error shape', async () => {
    const wrong = createClient(mock.url, { key: 'nope' }, { allowInsecureConnection: true, retryOptions: { maxRetries: 0 } });
    const response = await wrong.path('/chat/completions').post({ body: { messages: [{ role: 'user', content: 'hi' }] } });
    expect(isUnexpected(response)).toBe(true);
    expect(response.status).toBe('401');
    expect(response.body).toMatchObject({ error: { code: '401', message: expect.stringContaining('Access denied') } });
  });

  it('checks the key under a custom header name', async () => {
    mock.auth = { header: 'x-parley-key', key: KEY };
    const custom = createClient(
      mock.url,
      { key: KEY },
      { allowInsecureConnection: true, credentials: { apiKeyHeaderName: 'x-parley-key' } },
    );
    const ok = await custom.path('/info').get();
    expect(ok.status).toBe('200');
    expect(mock.requests.at(-1)?.headers['x-parley-key']).toBe(KEY);
    expect((await client.path('/info').get()).status).toBe('401');
  });

  it('checks a bearer token', async () => {
    mock.auth = { bearer: KEY };
    // With a key credential the SDK also sends Authorization: Bearer <key>, which is how it reaches GitHub Models.
    expect((await client.path('/info').get()).status).toBe('200');
    mock.auth = { bearer: 'other' };
    expect((await client.path('/info').get()).status).toBe('401');
  });

  it("is what shows why the adapter brings its own loopback bearer policy: the SDK's refuses plain http", async () => {
    const token: TokenCredential = { getToken: async () => ({ token: KEY, expiresOnTimestamp: Date.now() + 3_600_000 }) };
    const bearer = createClient(mock.url, token, { allowInsecureConnection: true, retryOptions: { maxRetries: 0 } });
    await expect(bearer.path('/info').get()).rejects.toThrow(/non-TLS/);
    expect(mock.requests).toHaveLength(0);
  });

  it("is where the spec's message comes from: the SDK refuses an empty api-key header name", () => {
    expect(() => createClient(mock.url, { key: KEY }, { credentials: { apiKeyHeaderName: '' } })).toThrow('Missing API Key Header Name');
  });

  it('refuses a request without api-version, and an api-version it does not serve', async () => {
    const bare = await fetch(`${mock.url}/chat/completions`, {
      method: 'POST',
      headers: { 'api-key': KEY, 'content-type': 'application/json' },
      body: '{"messages":[]}',
    });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: { code: 'MissingApiVersionParameter' } });
    const other = createClient(mock.url, { key: KEY }, { allowInsecureConnection: true, apiVersion: '2099-01-01' });
    const response = await other.path('/info').get();
    expect(response.status).toBe('400');
    expect(response.body).toMatchObject({ error: { code: 'UnsupportedApiVersion' } });
  });

  it('answers 404 at /info when it plays an endpoint without model info', async () => {
    mock.modelInfo = null;
    expect((await client.path('/info').get()).status).toBe('404');
  });
});
