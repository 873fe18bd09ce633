// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { PrivacyLink } from '../../../components/settings/PrivacyLink';
import { policyHtml } from '../../../build/privacy-page';
import { mount, type Mounted } from '../support/dom';

let view: Mounted | undefined;

async function renderIn(locale: string): Promise<HTMLAnchorElement> {
  view = await mount(<PrivacyLink />, locale);
  return view.container.querySelector('a')!;
}

describe('the privacy policy link in Settings', () => {
  it('opens the policy page shipped inside the extension in a new tab', async () => {
    const link = await renderIn('en-US');
    expect(link.href).toBe(browser.runtime.getURL('/privacy.html'));
    expect(link.target).toBe('_blank');
    expect(link.textContent).toBe('Privacy policy: what leaves your browser, and where it goes');
  });

  it('is named in the panel language', async () => {
    expect((await renderIn('ja-JP')).textContent).toBe('プライバシーポリシー：ブラウザーの外に送られるものと送信先');
    view?.unmount();
    expect((await renderIn('ar-SA')).textContent).toBe('سياسة الخصوصية: ما الذي يغادر متصفحك وإلى أين');
  });
});

describe('PRIVACY.md rendered for the page', () => {
  it('keeps its heading and its table of what leaves the browser', () => {
    const html = policyHtml(readFileSync(resolve(import.meta.dirname, '../../../PRIVACY.md'), 'utf8'));
    expect(html).toContain('<h1>Parley privacy policy</h1>');
    expect(html).toMatch(/<table>[\s\S]*<th>Sent to<\/th>/);
  });
});
