/**
 * Every named OpenAI-compatible preset runs the adapter contract against the
 * OpenAI mock (the conventions test checks each preset has its line here),
 * and its data (base URL, key, model list, quirks) reaches the wire.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../lib/core/chat';
import { OPENAI_PRESETS, presetFor } from '../../../lib/core/provider-presets';
import { effectiveSettings, kindInfo, type ProviderKind } from '../../../lib/core/providers';
import { getAdapter } from '../../../lib/providers/registry';
import { credentialedFetch, type FetchLike } from '../../../lib/transport/secure-fetch';
import { startOpenAIMock, type OpenAIMock } from '../../mocks/openai-server';
import { errorOf, providerContext, runAdapterContract, runChat, harnessOn, type AdapterHarness } from './contract';

const KEY = 'sk-preset-key';

async function presetHarness(kind: ProviderKind): Promise<AdapterHarness> {
  const keyed = presetFor(kind)?.keyRequired ?? false;
  const mock = await startOpenAIMock(keyed ? { apiKey: KEY } : {});
  const context = (signal?: AbortSignal, secrets: Record<string, string> = keyed ? { apiKey: KEY } : {}) =>
    providerContext(kind, { baseUrl: mock.url }, secrets, credentialedFetch(), signal);
  const adapter = getAdapter(kind);
  // A service with no model list still has the contract run; the list check then sees the one model it was given.
  const listed = presetFor(kind)?.modelsPath !== null;
  return harnessOn(mock, {
    adapter: listed ? adapter : { ...adapter, listModels: async () => [{ id: 'gpt-4o-mini' }] },
    model: 'gpt-4o-mini',
    context,
    rejectCredentials: () => {
      if (keyed) return context(undefined, { apiKey: 'sk-wrong' });
      mock.enqueue({ kind: 'status', status: 401 });
      return context();
    },
  });
}

runAdapterContract('openrouter', () => presetHarness('openrouter'));
runAdapterContract('groq', () => presetHarness('groq'));
runAdapterContract('deepseek', () => presetHarness('deepseek'));
runAdapterContract('mistral', () => presetHarness('mistral'));
runAdapterContract('xai', () => presetHarness('xai'));
runAdapterContract('together', () => presetHarness('together'));
runAdapterContract('fireworks', () => presetHarness('fireworks'));
runAdapterContract('perplexity', () => presetHarness('perplexity'));
runAdapterContract('lmstudio', () => presetHarness('lmstudio'));
runAdapterContract('llamacpp', () => presetHarness('llamacpp'));
runAdapterContract('vllm', () => presetHarness('vllm'));

const hi: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }], params: { maxTokens: 9 } };

describe('presets as data', () => {
  let mock: OpenAIMock;
  beforeAll(async () => {
    mock = await startOpenAIMock();
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.clear();
    mock.requests.length = 0;
  });

  it.each(OPENAI_PRESETS.filter((p) => !('ownFields' in p)).map((p) => [p.kind, p] as const))(
    '%s is a provider kind whose settings are its base URL, prefilled, and its key',
    (kind, preset) => {
      const info = kindInfo(kind);
      expect(info?.userAddable).toBe(true);
      expect(info?.fields.map((f) => [f.key, f.type, f.required ?? false])).toEqual([
        ['baseUrl', 'url', false],
        ['apiKey', 'secret', preset.keyRequired],
      ]);
      const config = { id: 'p', kind, name: kind, settings: {}, manualModels: [], createdAt: 0 };
      expect(effectiveSettings(config).baseUrl).toBe(preset.baseUrl);
    },
  );

  it('sends a preset to its default base URL when the field is left blank', async () => {
    const seen: string[] = [];
    const fetch: FetchLike = async (input) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 401 });
    };
    await runChat(getAdapter('groq'), providerContext('groq', { baseUrl: '' }, { apiKey: KEY }, fetch), hi);
    expect(seen[0]).toBe('https://api.groq.com/openai/v1/chat/completions');
  });

  it('refuses a hosted preset without a key before any request', async () => {
    const events = await runChat(
      getAdapter('openrouter'),
      providerContext('openrouter', { baseUrl: mock.url }, {}, credentialedFetch()),
      hi,
    );
    expect(errorOf(events)?.code).toBe('credential-missing');
    expect(mock.requests).toHaveLength(0);
  });

  it('applies quirks from the data: a preset gets max_tokens where OpenAI gets max_completion_tokens', async () => {
    await runChat(getAdapter('mistral'), providerContext('mistral', { baseUrl: mock.url }, { apiKey: KEY }, credentialedFetch()), hi);
    await runChat(getAdapter('openai'), providerContext('openai', { baseUrl: mock.url }, { apiKey: KEY }, credentialedFetch()), hi);
    const [preset, openai] = mock.requests.map((r) => r.body as Record<string, unknown>);
    expect(preset).toMatchObject({ max_tokens: 9 });
    expect(preset).not.toHaveProperty('max_completion_tokens');
    expect(openai).toMatchObject({ max_completion_tokens: 9 });
  });

  it('lists no models, without a request, for a service that has no model list', async () => {
    const ctx = providerContext('perplexity', { baseUrl: mock.url }, { apiKey: KEY }, credentialedFetch());
    expect(await getAdapter('perplexity').listModels(ctx)).toEqual([]);
    expect(mock.requests).toHaveLength(0);
  });
});
