import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { ChatFailure } from '../../../lib/core/errors';
import { buildOllamaBody, detectOllama, ollamaAdapter } from '../../../lib/providers/ollama';
import type { FetchLike } from '../../../lib/transport/secure-fetch';
import { startOllamaMock, type OllamaMock } from '../../mocks/ollama-server';
import { errorOf, finishOf, providerContext, runAdapterContract, runChat, textOf, harnessOn, type AdapterHarness } from './contract';

const plainFetch: FetchLike = (input, init) => fetch(input, init);

/** What an extension's own fetch looks like to Ollama. */
const extensionFetch: FetchLike = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: 'chrome-extension://abcdefghijklmnop' } });

async function ollamaHarness(): Promise<AdapterHarness> {
  const mock = await startOllamaMock();
  const context = (signal?: AbortSignal) => providerContext('ollama', { baseUrl: mock.url }, {}, plainFetch, signal);
  return harnessOn(mock, {
    adapter: ollamaAdapter,
    model: 'llama3.2:latest',
    context,
    // Ollama has no keys; a 401 comes from an authenticating proxy in front of it.
    rejectCredentials: () => {
      mock.enqueue({ kind: 'status', status: 401, body: { error: 'unauthorized' } });
      return context();
    },
  });
}

runAdapterContract('ollama', ollamaHarness);

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const hi: ChatRequest = { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] };

describe('Ollama adapter', () => {
  let mock: OllamaMock;
  const ctx = (fetchImpl: FetchLike = plainFetch, settings: Record<string, string> = {}) =>
    providerContext('ollama', { baseUrl: mock.url, ...settings }, {}, fetchImpl);

  beforeAll(async () => {
    mock = await startOllamaMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
  });

  it('maps messages, tools and options to the /api/chat body', () => {
    const body = buildOllamaBody({
      model: 'llama3.2',
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_0', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', content: '21°C', toolCallId: 'call_0', name: 'get_weather' },
      ],
      tools: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object' } }],
      params: { temperature: 0.5, topP: 0.8, maxTokens: 64, stop: ['\n\n'] },
    });
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      model: 'llama3.2',
      stream: true,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
        { role: 'tool', content: '21°C', tool_name: 'get_weather' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } } }],
      options: { temperature: 0.5, top_p: 0.8, num_predict: 64, stop: ['\n\n'] },
    });
  });

  it('posts to /api/chat on the default address when none is set', async () => {
    const spy = vi.fn<FetchLike>(async () => new Response('{"message":{"content":"ok"},"done":true,"done_reason":"stop"}\n'));
    const events = await runChat(ollamaAdapter, providerContext('ollama', { baseUrl: '' }, {}, spy), hi);
    expect(textOf(events)).toBe('ok');
    expect(String(spy.mock.calls[0]?.[0])).toBe('http://127.0.0.1:11434/api/chat');
  });

  it("maps done_reason 'length' to 'length'", async () => {
    mock.enqueue({ kind: 'text', text: 'cut', finishReason: 'length' });
    expect(finishOf(await runChat(ollamaAdapter, ctx(), hi))).toBe('length');
  });

  it("answers an extension origin's 403 with 'origin-rejected', for chat and for the model list", async () => {
    const events = await runChat(ollamaAdapter, ctx(extensionFetch), hi);
    expect(events).toHaveLength(1);
    expect(errorOf(events)).toMatchObject({ code: 'origin-rejected', status: 403, provider: 'test-ollama' });
    await expect(ollamaAdapter.listModels(ctx(extensionFetch))).rejects.toMatchObject({ error: { code: 'origin-rejected' } });
    expect(mock.origins).toEqual(['chrome-extension://abcdefghijklmnop', 'chrome-extension://abcdefghijklmnop']);
  });

  it("maps a model Ollama does not have to 'model-not-found'", async () => {
    const events = await runChat(ollamaAdapter, ctx(), { ...hi, model: 'mistral' });
    expect(errorOf(events)).toMatchObject({ code: 'model-not-found', status: 404 });
  });

  it("maps a model without tool support to 'unsupported'", async () => {
    mock.enqueue({ kind: 'status', status: 400, body: { error: 'registry.ollama.ai/library/gemma:2b does not support tools' } });
    expect(errorOf(await runChat(ollamaAdapter, ctx(), hi))?.code).toBe('unsupported');
  });

  it("maps a refused connection to 'network'", async () => {
    const events = await runChat(ollamaAdapter, ctx(plainFetch, { baseUrl: await closedPortUrl() }), hi);
    expect(errorOf(events)).toMatchObject({ code: 'network', retryable: true });
  });

  it("refuses a base URL that is not http(s) with 'invalid-url'", async () => {
    const events = await runChat(ollamaAdapter, ctx(plainFetch, { baseUrl: 'ftp://127.0.0.1' }), hi);
    expect(errorOf(events)?.code).toBe('invalid-url');
  });

  it('lists models by name, sorted', async () => {
    expect(await ollamaAdapter.listModels(ctx())).toEqual([{ id: 'llama3.2:latest' }, { id: 'qwen2.5:0.5b' }]);
    const failure = await ollamaAdapter.listModels(ctx(plainFetch, { baseUrl: await closedPortUrl() })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChatFailure);
    expect((failure as ChatFailure).error.code).toBe('network');
  });

  describe('detectOllama', () => {
    it('returns the models of a running Ollama', async () => {
      expect(await detectOllama(plainFetch, mock.url, 1000)).toEqual([{ id: 'llama3.2:latest' }, { id: 'qwen2.5:0.5b' }]);
    });

    it('returns null when nothing listens, when the origin is refused, or when the answer is not a model list', async () => {
      expect(await detectOllama(plainFetch, await closedPortUrl(), 1000)).toBeNull();
      expect(await detectOllama(extensionFetch, mock.url, 1000)).toBeNull();
      mock.enqueue({ kind: 'status', status: 200, body: { nope: true } }, { route: 'models' });
      expect(await detectOllama(plainFetch, mock.url, 1000)).toBeNull();
    });

    it('gives up on a server that never answers within the time allowed', async () => {
      const silent = createHttpServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      try {
        if (typeof address !== 'object' || address === null) throw new Error('no port');
        const started = Date.now();
        expect(await detectOllama(plainFetch, `http://127.0.0.1:${address.port}`, 200)).toBeNull();
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        silent.closeAllConnections();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });
});
