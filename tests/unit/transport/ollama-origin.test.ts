import { describe, expect, it } from 'vitest';
import { ollamaOriginRules } from '@/lib/transport/ollama-origin';

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
