// @vitest-environment jsdom
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PluginSettings } from '../../../components/plugins/PluginSettings';
import { chatError, ChatFailure } from '../../../lib/core/errors';
import type { PluginPreview, PluginView } from '../../../lib/messaging/plugin-protocol';
import { MAX_INDEX_BYTES } from '../../../lib/plugins/index-format';
import { MAX_MANIFEST_BYTES } from '../../../lib/plugins/validate-manifest';
import { usePluginsStore } from '../../../components/plugins/plugins-store';
import { toasts } from '../../../components/ui/toast';
import { byText, mount, settle, type } from '../support/dom';

const answers = vi.hoisted(() => ({
  previews: [] as (() => Promise<unknown>)[],
  update: undefined as unknown,
  saved: undefined as unknown,
}));
const request = vi.hoisted(() =>
  vi.fn(async (name: string, _payload?: unknown): Promise<unknown> => {
    if (name === 'plugins.list') return [];
    if (name === 'plugins.update') return answers.update;
    if (name === 'plugins.preview') return answers.previews.shift()!();
    if (name === 'plugins.saveSettings') return answers.saved;
    if (name === 'plugins.remove' || name === 'plugins.restore' || name === 'plugins.setEnabled') return null;
    throw new Error(`unexpected request ${name}`);
  }),
);
vi.mock('../../../lib/messaging/client', () => ({ request }));

let container: HTMLElement;

const button = (name: string) => byText('button', name, container)!;
const urlField = () => container.querySelector<HTMLInputElement>('input[type="url"]')!;
const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((el) => el.textContent ?? '');

async function lookUp(url: string) {
  await act(async () => type(urlField(), url));
  await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
}

const tooLarge = (limit: number): PluginPreview => ({
  kind: 'invalid',
  url: 'https://a.example/manifest.json',
  issues: [{ code: 'too-large', path: '', message: 'too large', limit }],
});

const manifestPreview: PluginPreview = {
  kind: 'manifest',
  manifestUrl: 'https://a.example/manifest.json',
  origins: ['https://a.example'],
  manifest: { identifier: 'a-plugin', type: 'default', meta: { title: 'Plugin A' }, api: [] },
};

async function render(locale = 'en-US') {
  ({ container } = await mount(<PluginSettings />, locale));
}

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods; these keep the open attribute as browsers do.
  HTMLDialogElement.prototype.showModal = function () {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function () {
    this.removeAttribute('open');
  };
  // Nor the popover API the menus use.
  HTMLElement.prototype.showPopover = function () {
    this.dataset.shown = '';
  };
  HTMLElement.prototype.hidePopover = function () {
    delete this.dataset.shown;
  };
});

const weather: PluginView = {
  identifier: 'mock-weather',
  manifest: {
    identifier: 'mock-weather',
    type: 'default',
    meta: { title: 'Mock Weather', avatar: '🌦', tags: ['weather'] },
    api: [],
    settings: {
      type: 'object',
      properties: {
        apiKey: { type: 'string', title: 'Weather API key' },
        city: { type: 'string', title: 'Home city' },
        days: { type: 'integer', title: 'Forecast days', minimum: 1, maximum: 7 },
      },
      required: ['apiKey'],
    },
  },
  builtin: false,
  manifestUrl: 'https://a.example/manifest.json',
  origins: ['https://a.example'],
  settingsSet: {},
  settingValues: {},
  missingSettings: ['apiKey'],
  enabled: false,
  approval: 'ask',
  disabledTools: [],
};

const byRole = (role: string, name: string) =>
  [...document.querySelectorAll<HTMLElement>(`[role="${role}"]`)].find(
    (el) => el.getAttribute('aria-label') === name || document.querySelector(`label[for="${el.id}"]`)?.textContent === name,
  );
const dialogTitle = () => document.querySelector('dialog[open] h2')?.textContent;
const fieldLabelled = (text: string) => {
  const label = [...document.querySelectorAll('dialog[open] label')].find((l) => l.textContent?.startsWith(text))!;
  return document.getElementById(label.getAttribute('for')!) as HTMLInputElement;
};

async function renderWith(view: PluginView) {
  await render();
  await act(async () => usePluginsStore.setState({ views: [view] }));
}

beforeEach(() => {
  act(() => toasts.set([]));
  answers.saved = undefined;
  answers.previews = [];
  answers.update = undefined;
  usePluginsStore.setState({ views: [] });
  request.mockClear();
});

describe('PluginSettings look-ups', () => {
  it('says a document is too large and states the limit', async () => {
    await render();
    answers.previews.push(async () => tooLarge(MAX_MANIFEST_BYTES));
    await lookUp('https://a.example/manifest.json');
    await settle(() => alerts().length > 0);
    expect(alerts().join(' ')).toContain('The document is larger than 1 MB, the most Parley accepts.');
    expect(alerts().join(' ')).not.toContain('Not supported here');
  });

  it('formats the limit for the interface language', async () => {
    await render('de-DE');
    answers.previews.push(async () => tooLarge(MAX_INDEX_BYTES));
    await lookUp('https://a.example/index.json');
    await settle(() => alerts().length > 0);
    expect(alerts().join(' ')).toContain('größer als 4 MB');
  });

  it("takes the previous address's verdict off screen when a new look-up fails", async () => {
    await render();
    answers.previews.push(async () => manifestPreview);
    await lookUp('https://a.example/manifest.json');
    await settle(() => !!button('Allow and install'));

    let fail!: (e: unknown) => void;
    answers.previews.push(() => new Promise((_resolve, reject) => (fail = reject)));
    await lookUp('https://b.example/manifest.json');
    expect(button('Allow and install')).toBeUndefined();
    await act(async () => fail(new ChatFailure(chatError('not-found', 'https://b.example/manifest.json answered 404'))));
    await settle(() => alerts().length > 0);
    expect(container.textContent).not.toContain('Plugin A');
  });

  it('takes a verdict off screen as soon as the address changes', async () => {
    await render();
    answers.previews.push(async () => tooLarge(MAX_MANIFEST_BYTES));
    await lookUp('https://a.example/manifest.json');
    await settle(() => alerts().length > 0);
    await act(async () => type(urlField(), 'https://b.example/manifest.json'));
    expect(alerts()).toEqual([]);
  });

  it('shows what an update refused, keeping the installed version', async () => {
    const view: PluginView = {
      identifier: 'a-plugin',
      manifest: { identifier: 'a-plugin', type: 'default', meta: { title: 'Plugin A' }, api: [] },
      builtin: false,
      manifestUrl: 'https://a.example/manifest.json',
      origins: ['https://a.example'],
      settingsSet: {},
      settingValues: {},
      missingSettings: [],
      enabled: true,
      approval: 'ask',
      disabledTools: [],
    };
    await renderWith(view);
    answers.update = { kind: 'invalid', issues: [{ code: 'too-large', path: '', message: 'too large', limit: MAX_MANIFEST_BYTES }] };
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="More actions for Plugin A"]')!.click());
    await act(async () => byText('[role="menuitem"]', 'Update')!.click());
    await settle(() => alerts().length > 0);
    expect(alerts().join(' ')).toContain('larger than 1 MB');
    expect(container.textContent).not.toContain('The plugin is up to date');
  });
});

describe('PluginSettings installed plugins', () => {
  it('lists a plugin with its avatar, description and tags, and opens its settings in a dialog', async () => {
    await renderWith(weather);
    const card = container.querySelector('.plugin-card')!;
    expect(card.querySelector('.plugin-avatar')!.textContent).toBe('🌦');
    expect(card.querySelector('.plugin-tags')!.textContent).toBe('weather');
    expect(dialogTitle()).toBeUndefined();
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Configure Mock Weather"]')!.click());
    expect(dialogTitle()).toBe('Mock Weather settings');
  });

  it('will not switch on a plugin whose required setting is empty: it says why and opens the settings', async () => {
    await renderWith(weather);
    const toggle = byRole('switch', 'Turn on Mock Weather')!;
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Fill in Weather API key in its settings to turn it on.',
    );
    await act(async () => toggle.click());
    expect(request).not.toHaveBeenCalledWith('plugins.setEnabled', expect.anything());
    expect(dialogTitle()).toBe('Mock Weather settings');
  });

  it('switches a plugin with its settings filled on and off', async () => {
    await renderWith({ ...weather, missingSettings: [], enabled: true, settingsSet: { apiKey: true } });
    const toggle = byRole('switch', 'Turn on Mock Weather')!;
    expect(toggle.getAttribute('aria-describedby')).toBeNull();
    await act(async () => toggle.click());
    expect(request).toHaveBeenCalledWith('plugins.setEnabled', { identifier: 'mock-weather', enabled: false });
  });

  it('shows saved settings that are not secret, and masks only the secret ones', async () => {
    await renderWith({ ...weather, settingsSet: { apiKey: true, city: true }, settingValues: { city: 'Oslo' }, missingSettings: [] });
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Configure Mock Weather"]')!.click());
    expect(fieldLabelled('Home city').value).toBe('Oslo');
    expect(fieldLabelled('Home city').type).toBe('text');
    expect(fieldLabelled('Weather API key').value).toBe('');
    expect(fieldLabelled('Weather API key').type).toBe('password');
    expect(fieldLabelled('Weather API key').placeholder).toContain('Saved');
  });

  it('names the field and says what is wrong, in the interface language, before anything is sent', async () => {
    await renderWith(weather);
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Configure Mock Weather"]')!.click());
    await act(async () => type(fieldLabelled('Forecast days'), '30'));
    await act(async () => document.querySelector<HTMLButtonElement>('dialog[open] button[type="submit"]')!.click());
    const errors = [...document.querySelectorAll('dialog[open] .ui-field-error')].map((el) => el.textContent);
    expect(errors).toEqual([
      'Weather API key: This setting is required.',
      'Forecast days: The plugin does not accept this value. Check the field’s description.',
    ]);
    expect(request).not.toHaveBeenCalledWith('plugins.saveSettings', expect.anything());
    expect(fieldLabelled('Forecast days').getAttribute('aria-invalid')).toBe('true');
  });

  it('removes at once without asking, and Undo brings the plugin back', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    await renderWith({ ...weather, missingSettings: [], enabled: true });
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="More actions for Mock Weather"]')!.click());
    await act(async () => byText('[role="menuitem"]', 'Remove plugin')!.click());
    await settle(() => toasts.get().length > 0);
    expect(confirm).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledWith('plugins.remove', { identifier: 'mock-weather' });
    const [toast] = toasts.get();
    expect(toast!.message).toBe('Mock Weather removed.');
    await act(async () => toast!.undo!());
    expect(request).toHaveBeenCalledWith('plugins.restore', { identifier: 'mock-weather' });
  });
});
