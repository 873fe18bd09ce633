/**
 * The named OpenAI-compatible presets share one wire, whose full adapter
 * contract runs in openai.test.ts; here each preset is checked by what it
 * differs in, one line of PRESET_LINES each (the conventions test refuses a
 * preset without one): its base URL, key, model list, output-limit field,
 * headers and tool limit, as they reach the wire.
 */
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { effectiveSettings, kindInfo, type ProviderKind } from '../../../lib/core/providers';
import { getAdapter } from '../../../lib/providers/registry';
import type { FetchLike } from '../../../lib/transport/secure-fetch';
import { recordedBody } from '../../mocks/recorded-stream';
import { errorOf, finishOf, providerContext, runChat, textOf } from './contract';
import { PRESET_LINES, type PresetLine } from './preset-lines';

const KEY = 'sk-preset-key';
const weather = { name: 'get_weather', description: 'Current weather', parameters: { type: 'object' as const, properties: {} } };
const hi: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }], params: { maxTokens: 9 }, tools: [weather] };

/** A service at the preset's address: a recorded chat stream, and a model list of two. */
function service(): FetchLike & { requests: Request[] } {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    if (request.method === 'GET' && request.url.endsWith('/models')) {
      return Response.json({ object: 'list', data: ['m-1', 'm-2'].map((id) => ({ id, object: 'model', created: 0, owned_by: 'x' })) });
    }
    const chunks = recordedBody('openai-chat', 'text');
    const body = new ReadableStream<Uint8Array>({ pull: (c) => (chunks.length ? c.enqueue(chunks.shift()!) : c.close()) });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return Object.assign(fetch, { requests });
}

const lines = Object.entries(PRESET_LINES) as [ProviderKind, PresetLine][];

describe.each(lines)('%s', (kind, line) => {
  const adapter = getAdapter(kind);
  const ctx = (fetch: FetchLike, secrets: Record<string, string> = { apiKey: KEY }) =>
    providerContext(kind, { baseUrl: '' }, secrets, fetch);

  it(`chats at ${line.baseUrl}/chat/completions with the key as a bearer token, the limit in ${line.maxTokensField} and the tools`, async () => {
    const fetch = service();
    const events = await runChat(adapter, ctx(fetch), hi);
    expect(textOf(events)).toBe('Hello, wörld 👋 — 你好! Second sentence.');
    expect(finishOf(events)).toBe('stop');
    const [request] = fetch.requests;
    expect(`${request?.method} ${request?.url}`).toBe(`POST ${line.baseUrl}/chat/completions`);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    const body = (await request?.json()) as Record<string, unknown>;
    const other = line.maxTokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
    expect(body).toMatchObject({
      model: 'm',
      stream: true,
      [line.maxTokensField]: 9,
      tools: [{ type: 'function', function: { name: 'get_weather' } }],
    });
    expect(body).not.toHaveProperty(other);
  });

  it(
    line.keyRequired ? 'refuses a chat without a key before any request' : 'chats without a key, sending no Authorization header',
    async () => {
      const fetch = service();
      const events = await runChat(adapter, ctx(fetch, {}), hi);
      if (line.keyRequired) {
        expect(errorOf(events)?.code).toBe('credential-missing');
        expect(fetch.requests).toHaveLength(0);
      } else {
        expect(finishOf(events)).toBe('stop');
        expect(fetch.requests[0]?.headers.has('authorization')).toBe(false);
      }
    },
  );

  it(line.modelsPath ? `lists its models from ${line.modelsPath}` : 'lists no models, without a request', async () => {
    const fetch = service();
    const models = await adapter.listModels(ctx(fetch));
    if (line.modelsPath) {
      expect(models.map((m) => m.id)).toEqual(['m-1', 'm-2']);
      expect(fetch.requests.map((r) => `${r.method} ${r.url} ${r.headers.get('authorization')}`)).toEqual([
        `GET ${line.baseUrl}${line.modelsPath} Bearer ${KEY}`,
      ]);
    } else {
      expect(models).toEqual([]);
      expect(fetch.requests).toHaveLength(0);
    }
  });

  it(`takes at most ${line.maxTools} tools in one request`, () => {
    expect(adapter.maxTools).toBe(line.maxTools);
  });

  it('is a provider kind whose settings are its base URL, prefilled, and its key', () => {
    const info = kindInfo(kind);
    expect(info?.userAddable).toBe(true);
    expect(info?.fields.map((f) => [f.key, f.type, f.required ?? false])).toEqual([
      ['baseUrl', 'url', false],
      ['apiKey', 'secret', line.keyRequired],
    ]);
    const config = { id: 'p', kind, name: kind, settings: {}, manualModels: [], createdAt: 0 };
    expect(effectiveSettings(config).baseUrl).toBe(line.baseUrl);
  });
});

describe('presets as data', () => {
  it('sends a preset to the base URL the user typed rather than its own', async () => {
    const fetch = service();
    await runChat(getAdapter('groq'), providerContext('groq', { baseUrl: 'http://127.0.0.1:9/v1' }, { apiKey: KEY }, fetch), hi);
    expect(fetch.requests[0]?.url).toBe('http://127.0.0.1:9/v1/chat/completions');
  });

  it('applies quirks from the data: a preset gets max_tokens where OpenAI gets max_completion_tokens', async () => {
    const fetch = service();
    await runChat(getAdapter('mistral'), providerContext('mistral', { baseUrl: '' }, { apiKey: KEY }, fetch), hi);
    await runChat(getAdapter('openai'), providerContext('openai', { baseUrl: '' }, { apiKey: KEY }, fetch), hi);
    const [preset, openai] = (await Promise.all(fetch.requests.map((r) => r.json()))) as Record<string, unknown>[];
    expect(preset).toMatchObject({ max_tokens: 9 });
    expect(preset).not.toHaveProperty('max_completion_tokens');
    expect(openai).toMatchObject({ max_completion_tokens: 9 });
  });
});
