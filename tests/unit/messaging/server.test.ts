import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dispatchRequest, type RequestHandlers } from '../../../lib/messaging/server';
import { isTrustedSender } from '../../../lib/messaging/senders';
import { fail } from '../../../lib/core/errors';

const origin = 'chrome-extension://test-id/';

describe('isTrustedSender', () => {
  it('accepts the extension’s own pages and refuses content scripts and other extensions', () => {
    const id = fakeBrowser.runtime.id;
    expect(isTrustedSender({ id, url: `${origin}sidepanel.html` }, origin)).toBe(true);
    expect(isTrustedSender({ id, url: 'https://evil.test/', tab: { id: 1 } as never }, origin)).toBe(false);
    expect(isTrustedSender({ id: 'other', url: `${origin}sidepanel.html` }, origin)).toBe(false);
    expect(isTrustedSender({ id }, origin)).toBe(false);
  });
});

describe('dispatchRequest', () => {
  const handlers = {
    'providers.delete': async () => fail('credential-missing', 'Credential is missing'),
    'providers.list': async () => [],
  } as unknown as RequestHandlers;

  it('returns values and turns failures into serialisable errors', async () => {
    expect(await dispatchRequest(handlers, { channel: 'parley', name: 'providers.list', payload: {} })).toEqual({ ok: true, value: [] });
    const failed = await dispatchRequest(handlers, { channel: 'parley', name: 'providers.delete', payload: { id: 'x' } });
    expect(failed).toEqual({
      ok: false,
      error: { code: 'credential-missing', message: 'Credential is missing', retryable: false, provider: undefined },
    });
    expect(JSON.parse(JSON.stringify(failed))).toMatchObject({ ok: false });
    const unknown = await dispatchRequest(handlers, { channel: 'parley', name: 'models.list', payload: {} });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});
