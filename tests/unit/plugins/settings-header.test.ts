import { describe, expect, it } from 'vitest';
import { decodePluginSettings, encodePluginSettings, PLUGIN_SETTINGS_HEADER } from '../../../lib/plugins/settings-header';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** What a header value must be to survive fetch and any server: printable ASCII, nothing trimmed. */
function expectHeaderSafe(value: string | undefined): string {
  expect(value).toBeDefined();
  const text = value ?? '';
  expect(text).toMatch(PRINTABLE_ASCII);
  expect(text).toBe(text.trim());
  // The WHATWG Headers class throws on CR/LF/NUL and on text outside Latin-1.
  expect(new Headers({ [PLUGIN_SETTINGS_HEADER]: text }).get(PLUGIN_SETTINGS_HEADER)).toBe(text);
  return text;
}

const awkward = {
  'CR/LF': 'line one\r\nX-Injected: yes\r\n\r\nGET / HTTP/1.1',
  NUL: 'before\u0000after',
  DEL: 'rub\u007fout',
  emoji: 'key 🔑 with 👩‍💻 and a lone \ud800 surrogate',
  Arabic: 'مفتاح سري',
  CJK: '密钥 キー 비밀',
  'Latin-1': 'café crème',
  'edge spaces': '  padded\t',
  empty: '',
};

describe('object settings', () => {
  it('are JSON, exactly what chat-plugin-sdk sends when the text is plain ASCII', () => {
    const settings = { SERPAPI_API_KEY: 'abc123', region: 'eu', limit: 5, safe: true };
    expect(encodePluginSettings(settings)).toBe(JSON.stringify(settings));
  });

  it.each(Object.entries(awkward))('carry %s safely and decode to the same object', (_name, text) => {
    const settings = { API_KEY: text, nested: { list: [text, 1, null] } };
    const encoded = expectHeaderSafe(encodePluginSettings(settings));
    expect(decodePluginSettings(encoded)).toEqual(settings);
  });
});

describe('string settings', () => {
  it('are sent as given when a header can carry them, as chat-plugin-sdk does', () => {
    expect(encodePluginSettings('sk-abc123')).toBe('sk-abc123');
    expect(decodePluginSettings('sk-abc123')).toBe('sk-abc123');
  });

  it.each(Object.entries(awkward))('with %s are escaped and decode to the same string', (_name, text) => {
    const encoded = expectHeaderSafe(encodePluginSettings(text));
    expect(decodePluginSettings(encoded)).toBe(text);
  });

  it('never let CR or LF through', () => {
    const encoded = encodePluginSettings('token\r\nSet-Cookie: stolen=1');
    expect(encoded).not.toMatch(/[\r\n]/);
    expect(encoded).toBe('"token\\r\\nSet-Cookie: stolen=1"');
  });
});

describe('nothing to send', () => {
  it.each([undefined, null])('%s gives no header', (settings) => {
    expect(encodePluginSettings(settings)).toBeUndefined();
  });

  it('decodes a missing or empty header to undefined, like the SDK', () => {
    expect(decodePluginSettings(null)).toBeUndefined();
    expect(decodePluginSettings('')).toBeUndefined();
  });
});
