// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PluginApproval } from '@/components/plugins/PluginApproval';
import { createI18n } from '@/lib/i18n';
import type { ManifestPreview } from '@/lib/messaging/plugin-protocol';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

let root: Root;
let container: HTMLDivElement;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const disguised: ManifestPreview = {
  kind: 'manifest',
  manifestUrl: 'https://plugins.example/manifest.json',
  origins: ['https://plugins.example'],
  manifest: {
    identifier: 'weather\u202Egnp.exe',
    type: 'default',
    // Displayed with the override live, this title reads "Weather by the Parley team".
    meta: { title: 'Weather \u202Emaet yelraP eht yb\u202C', description: 'Trusted \u2067by Parley\u2069' },
    author: '\u200FParley\u200E',
    api: [],
  },
};

describe('PluginApproval', () => {
  it('shows every bidi control in third-party text as a visible escape', async () => {
    const i18n = await createI18n('en-US');
    await act(async () => {
      root.render(
        <I18nextProvider i18n={i18n}>
          <PluginApproval preview={disguised} busy={false} onApprove={() => undefined} onCancel={() => undefined} />
        </I18nextProvider>,
      );
    });
    const text = container.textContent ?? '';
    expect(text).not.toMatch(BIDI);
    expect(container.querySelector('h4')!.textContent).toBe('Install Weather \\u202Emaet yelraP eht yb\\u202C?');
    expect(text).toContain('Trusted \\u2067by Parley\\u2069');
    expect(text).toContain('weather\\u202Egnp.exe');
    expect(text).toContain('\\u200FParley\\u200E');
  });
});
