// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { PluginApproval } from '../../../components/plugins/PluginApproval';
import type { ManifestPreview } from '../../../lib/messaging/plugin-protocol';
import { mount } from '../support/dom';

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

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

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function () {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function () {
    this.removeAttribute('open');
  };
});

describe('PluginApproval', () => {
  it('shows every bidi control in third-party text as a visible escape', async () => {
    const { container } = await mount(
      <PluginApproval preview={disguised} busy={false} onApprove={() => undefined} onCancel={() => undefined} />,
    );
    const text = container.textContent ?? '';
    expect(text).not.toMatch(BIDI);
    expect(container.querySelector('dialog h2')!.textContent).toBe('Install Weather \\u202Emaet yelraP eht yb\\u202C?');
    expect(text).toContain('Trusted \\u2067by Parley\\u2069');
    expect(text).toContain('weather\\u202Egnp.exe');
    expect(text).toContain('\\u200FParley\\u200E');
  });

  it('asks in a modal dialog named by what it installs, listing every origin', async () => {
    const { container } = await mount(
      <PluginApproval preview={disguised} busy={false} onApprove={() => undefined} onCancel={() => undefined} />,
    );
    const dialog = container.querySelector('dialog')!;
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toMatch(/^Install Weather/);
    expect(dialog.querySelector('ul[aria-label="Addresses the plugin connects to"]')!.textContent).toBe('https://plugins.example');
  });

  it('says a module UI is left out while still offering to install the tools', async () => {
    const preview: ManifestPreview = {
      ...disguised,
      manifest: { ...disguised.manifest, ui: { url: 'https://plugins.example/ui.js', mode: 'module' } },
      omitted: 'module-ui',
    };
    const { container } = await mount(
      <PluginApproval preview={preview} busy={false} onApprove={() => undefined} onCancel={() => undefined} />,
    );
    expect(container.querySelector('[role="status"]')!.textContent).toContain('Its tools work; Parley shows no interface for it.');
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toContain('Allow and install');
  });
});
