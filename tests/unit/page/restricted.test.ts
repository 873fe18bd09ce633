import { describe, expect, it } from 'vitest';
import { isRestrictedUrl, looksLikePdf } from '../../../lib/page/restricted';

describe('isRestrictedUrl', () => {
  it('refuses browser, extension and store pages', () => {
    for (const url of [
      'chrome://settings',
      'chrome-extension://abcdefghijklmnop/popup.html',
      'edge://flags',
      'about:blank',
      'view-source:https://example.com',
      'devtools://devtools/bundled/inspector.html',
      'https://chromewebstore.google.com/detail/x',
      'https://chrome.google.com/webstore/category/extensions',
      'https://addons.mozilla.org/en-US/firefox/',
      'moz-extension://id/page.html',
      'data:text/html,hi',
      undefined,
      'not a url',
    ]) {
      expect(isRestrictedUrl(url), String(url)).toBe(true);
    }
  });

  it('allows ordinary web pages and local files', () => {
    for (const url of ['https://example.com/', 'http://127.0.0.1:8080/a', 'file:///home/me/doc.html', 'https://chrome.google.com/search']) {
      expect(isRestrictedUrl(url), url).toBe(false);
    }
  });
});

describe('looksLikePdf', () => {
  it('goes by the path, ignoring query and case', () => {
    expect(looksLikePdf('https://example.com/paper.PDF?download=1')).toBe(true);
    expect(looksLikePdf('https://example.com/pdf/viewer')).toBe(false);
    expect(looksLikePdf('nonsense')).toBe(false);
  });
});
