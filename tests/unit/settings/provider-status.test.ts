import { describe, expect, it } from 'vitest';
import { chatError } from '../../../lib/core/errors';
import type { ProviderView } from '../../../lib/core/providers';
import { providerStatus } from '../../../lib/core/provider-status';
import { checkProviderForm } from '../../../lib/core/provider-form-check';
import { kindInfo } from '../../../lib/core/providers';

const view = (over: Partial<ProviderView> = {}): ProviderView => ({
  id: 'p1',
  kind: 'openai',
  name: 'OpenAI',
  settings: {},
  manualModels: [],
  createdAt: 1,
  secretsSet: { apiKey: true },
  ...over,
});

describe('provider status', () => {
  it('reads a provider as needing a key before any check when its required key was never saved', () => {
    expect(providerStatus(view({ secretsSet: {} }), { models: 3 }).state).toBe('needs-key');
    expect(providerStatus(view({ kind: 'openai-compatible', secretsSet: {} }), { models: 3 })).toEqual({ state: 'connected', models: 3 });
  });

  it('tells a refused key from an unreachable service and from other failures', () => {
    expect(providerStatus(view(), { error: chatError('unauthorized', '401') }).state).toBe('refused-key');
    expect(providerStatus(view(), { error: chatError('forbidden', '403') }).state).toBe('refused-key');
    expect(providerStatus(view(), { error: chatError('network', 'down') }).state).toBe('unreachable');
    expect(providerStatus(view(), { error: chatError('origin-rejected', '403') }).state).toBe('unreachable');
    expect(providerStatus(view(), { error: chatError('credential-missing', 'x') }).state).toBe('needs-key');
    expect(providerStatus(view(), { error: chatError('rate-limited', '429') }).state).toBe('failed');
    expect(providerStatus(view(), undefined).state).toBe('checking');
  });
});

describe('provider form check', () => {
  const openai = kindInfo('openai')!;
  const compatible = kindInfo('openai-compatible')!;

  it('asks for a required key unless one is saved, and refuses a key of only spaces', () => {
    expect(checkProviderForm(openai, {}, {}, {})).toEqual([{ key: 'apiKey', problem: 'credential-missing' }]);
    expect(checkProviderForm(openai, {}, {}, { apiKey: true })).toEqual([]);
    expect(checkProviderForm(openai, {}, { apiKey: '  \u200B ' }, { apiKey: true })).toEqual([
      { key: 'apiKey', problem: 'credential-missing' },
    ]);
    expect(checkProviderForm(compatible, { baseUrl: 'http://127.0.0.1:1/v1' }, { apiKey: ' ' }, {})).toEqual([
      { key: 'apiKey', problem: 'credential-missing' },
    ]);
    expect(checkProviderForm(compatible, { baseUrl: 'http://127.0.0.1:1/v1' }, {}, {})).toEqual([]);
  });

  it('asks for required settings that have no default and refuses addresses that are not http(s)', () => {
    expect(checkProviderForm(compatible, { baseUrl: ' ' }, {}, {})).toEqual([{ key: 'baseUrl', problem: 'address-missing' }]);
    expect(checkProviderForm(compatible, { baseUrl: 'ftp://host/v1' }, {}, {})).toEqual([{ key: 'baseUrl', problem: 'invalid-url' }]);
    expect(checkProviderForm(openai, { baseUrl: 'not a url' }, { apiKey: 'sk-1' }, {})).toEqual([
      { key: 'baseUrl', problem: 'invalid-url' },
    ]);
    expect(checkProviderForm(kindInfo('bedrock')!, {}, { accessKeyId: 'A', secretAccessKey: 'B' }, {})).toEqual([
      { key: 'region', problem: 'region-missing' },
    ]);
    expect(checkProviderForm(kindInfo('azure-inference')!, {}, {}, {})).toEqual([
      { key: 'endpoint', problem: 'address-missing' },
      { key: 'apiKey', problem: 'credential-missing' },
    ]);
  });
});
