import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError, fail } from '../../../lib/core/errors';
import type { BackgroundToPanel } from '../../../lib/messaging/protocol';
import { dispatchRequest, type RequestHandlers } from '../../../lib/messaging/server';
import { createOpenAICompatibleAdapter } from '../../../lib/providers/openai';
import { setSecrets } from '../../../lib/storage/secret-vault';
import { redactResponseErrors, redactVaultSecrets } from '../../../lib/storage/vault-secrets';
import { credentialedFetch } from '../../../lib/transport/secure-fetch';
import { openAIErrorBody, startOpenAIMock, type OpenAIMock } from '../../mocks/openai-server';
import { registryFor } from '../support/stream-turn';

const KEY = 'sk-proj-Echoed0123456789abcdef';
const HEADER_TOKEN = 'gateway-token-42424242';

describe('secrets echoed by a provider', () => {
  let mock: OpenAIMock;
  beforeAll(async () => {
    mock = await startOpenAIMock();
    await setSecrets('p1', { apiKey: KEY, extraHeaders: JSON.stringify({ 'X-Gateway': HEADER_TOKEN }) });
  });
  afterAll(() => mock.close());

  it('never reach the stored answer or the panel', async () => {
    mock.enqueue({
      kind: 'status',
      status: 401,
      body: openAIErrorBody(401, `Incorrect API key provided: ${KEY} (gateway ${HEADER_TOKEN}).`),
    });
    const sent: BackgroundToPanel[] = [];
    const { registry, stored } = registryFor(
      createOpenAICompatibleAdapter('openai-compatible'),
      {
        config: { id: 'p1', kind: 'openai-compatible', name: 'x', settings: {}, manualModels: [], createdAt: 0 },
        settings: { baseUrl: mock.url },
        secrets: { apiKey: KEY },
        fetch: credentialedFetch(),
      },
      { redact: redactVaultSecrets },
    );
    await registry.start('c1', 'a1', { send: (m) => sent.push(m) });

    const saved = JSON.stringify(stored.get('a1'));
    const ended = JSON.stringify(sent.find((m) => m.type === 'ended'));
    expect(stored.get('a1')).toMatchObject({ status: 'error', error: { code: 'unauthorized' } });
    expect(saved).toContain('[redacted]');
    for (const text of [saved, ended]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(HEADER_TOKEN);
    }
  });

  it('never reach the panel in a request’s error, including errors inside a successful reply', async () => {
    const handlers = {
      'providers.test': async () => fail('unauthorized', `Key ${KEY} was refused`),
      'models.list': async () => [{ providerId: 'p1', models: [], error: chatError('unauthorized', `bad key ${KEY}`) }],
    } as unknown as RequestHandlers;
    const failed = await dispatchRequest(
      handlers,
      { channel: 'parley', name: 'providers.test', payload: { id: 'p1' } },
      redactResponseErrors,
    );
    expect(failed).toMatchObject({ ok: false, error: { code: 'unauthorized', message: 'Key [redacted] was refused' } });
    const listed = await dispatchRequest(handlers, { channel: 'parley', name: 'models.list', payload: {} }, redactResponseErrors);
    expect(JSON.stringify(listed)).not.toContain(KEY);
    expect(listed).toMatchObject({ ok: true, value: [{ error: { message: 'bad key [redacted]' } }] });
  });

  it('leave other data in a reply alone', async () => {
    const handlers = { 'plugins.settings': async () => ({ token: KEY }) } as unknown as RequestHandlers;
    const reply = await dispatchRequest(
      handlers,
      { channel: 'parley', name: 'plugins.settings' as never, payload: {} },
      redactResponseErrors,
    );
    expect(reply).toEqual({ ok: true, value: { token: KEY } });
  });
});
