import { describe, expect, it } from 'vitest';
import { chatError } from '../../../lib/core/errors';
import type { ProviderKind, ProviderModels, ProviderView } from '../../../lib/core/providers';
import { defaultModel, modelGroups, providerState } from '../../../components/state/providers-store';

const provider = (id: string, kind: ProviderKind): ProviderView => ({
  id,
  kind,
  name: id,
  settings: {},
  manualModels: [],
  createdAt: 1,
  secretsSet: {},
});
const listing = (providerId: string, ids: string[], extra: Partial<ProviderModels> = {}): ProviderModels => ({
  providerId,
  models: ids.map((id) => ({ id })),
  ...extra,
});

describe('model groups', () => {
  it('puts local providers first and says which ones need a key or cannot be reached', () => {
    const providers = [
      provider('cloud', 'openai'),
      provider('bad-key', 'gemini'),
      provider('down', 'openai-compatible'),
      provider('local', 'ollama'),
    ];
    const groups = modelGroups(providers, [
      listing('cloud', ['gpt-4o-mini']),
      listing('bad-key', [], { error: chatError('unauthorized', '401') }),
      listing('down', [], { error: chatError('network', 'refused') }),
      listing('local', ['qwen3:latest']),
    ]);
    expect(groups.map((g) => [g.providerId, g.state])).toEqual([
      ['local', 'connected'],
      ['cloud', 'connected'],
      ['bad-key', 'needs-key'],
      ['down', 'unreachable'],
    ]);
    expect(providerState(listing('x', [], { error: chatError('credential-missing', 'none') }))).toBe('needs-key');
  });
});

describe('default model', () => {
  const groups = modelGroups(
    [provider('openai', 'openai')],
    [listing('openai', ['gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini'], { recommended: 'gpt-4o-mini' })],
  );

  it('is the provider’s recommended model, not the alphabetically first', () => {
    expect(defaultModel(groups, undefined)).toEqual({ providerId: 'openai', model: 'gpt-4o-mini' });
  });

  it('is the last used model while it is still offered', () => {
    expect(defaultModel(groups, { providerId: 'openai', model: 'gpt-4o' })).toEqual({ providerId: 'openai', model: 'gpt-4o' });
    expect(defaultModel(groups, { providerId: 'gone', model: 'gpt-4o' })).toEqual({ providerId: 'openai', model: 'gpt-4o-mini' });
  });

  it('is nothing when no provider lists a model', () => {
    expect(defaultModel(modelGroups([provider('openai', 'openai')], [listing('openai', [])]), undefined)).toBeUndefined();
  });
});
