import { describe, expect, it } from 'vitest';
import { firefoxOriginRewrite, ollamaOriginRules } from '../../../lib/transport/ollama-origin';

describe('ollamaOriginRules', () => {
  it('rewrites Origin only for our own non-tab requests to each configured host', () => {
    const rules = ollamaOriginRules(['http://127.0.0.1:11434', 'http://192.168.1.20:11434/', 'http://127.0.0.1:11434/api'], 'abcdef');
    expect(rules).toHaveLength(2);
    expect(rules[1]).toMatchObject({
      action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'set', value: 'http://192.168.1.20:11434' }] },
      condition: { urlFilter: '|http://192.168.1.20:11434/', initiatorDomains: ['abcdef'], tabIds: [-1] },
    });
    expect(new Set(rules.map((r) => r.id)).size).toBe(2);
  });

  it('ignores addresses that are not http(s)', () => {
    expect(ollamaOriginRules(['not a url', 'file:///etc/passwd', ''], 'x')).toEqual([]);
  });
});

describe('firefoxOriginRewrite', () => {
  const ours = 'moz-extension://1f2e3d4c-0000-4000-8000-123456789abc';
  const rewrite = firefoxOriginRewrite(['http://127.0.0.1:11434'], ours);
  const headers = [
    { name: 'Accept', value: 'application/json' },
    { name: 'Origin', value: ours },
  ];

  it("sets Origin to the server's own on the extension's requests to a configured server", () => {
    expect(
      rewrite({ url: 'http://127.0.0.1:11434/api/tags', tabId: -1, originUrl: `${ours}/background.html`, requestHeaders: headers }),
    ).toEqual({
      requestHeaders: [
        { name: 'Accept', value: 'application/json' },
        { name: 'Origin', value: 'http://127.0.0.1:11434' },
      ],
    });
  });

  it("leaves pages' requests, other servers, other ports and other extensions alone", () => {
    const page = { url: 'http://127.0.0.1:11434/api/tags', tabId: 4, originUrl: 'https://example.com/', requestHeaders: headers };
    expect(rewrite(page)).toEqual({});
    expect(rewrite({ ...page, tabId: -1, originUrl: 'moz-extension://someone-else/background.html' })).toEqual({});
    expect(rewrite({ ...page, tabId: -1, originUrl: `${ours}/x`, url: 'http://127.0.0.1:8080/api/tags' })).toEqual({});
    expect(rewrite({ ...page, tabId: -1, originUrl: `${ours}x.evil/`, url: 'http://127.0.0.1:11434/' })).toEqual({});
  });
});
