// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PluginSettings } from '@/components/plugins/PluginSettings';
import { chatError, ChatFailure } from '@/lib/core/errors';
import type { PluginPreview, PluginView } from '@/lib/messaging/plugin-protocol';
import { MAX_INDEX_BYTES } from '@/lib/plugins/index-format';
import { MAX_MANIFEST_BYTES } from '@/lib/plugins/validate-manifest';
import { usePluginsStore } from '@/components/plugins/plugins-store';
import { byText, mount, settle, type } from '../support/dom';

const answers = vi.hoisted(() => ({ previews: [] as (() => Promise<unknown>)[], update: undefined as unknown }));
const request = vi.hoisted(() =>
  vi.fn(async (name: string): Promise<unknown> => {
    if (name === 'plugins.list') return [];
    if (name === 'plugins.update') return answers.update;
    if (name === 'plugins.preview') return answers.previews.shift()!();
    throw new Error(`unexpected request ${name}`);
  }),
);
vi.mock('@/lib/messaging/client', () => ({ request }));

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

beforeEach(() => {
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
      approval: 'ask',
    };
    await render();
    await act(async () => usePluginsStore.setState({ views: [view] }));
    answers.update = { kind: 'invalid', issues: [{ code: 'too-large', path: '', message: 'too large', limit: MAX_MANIFEST_BYTES }] };
    await act(async () => button('Update').click());
    await settle(() => alerts().length > 0);
    expect(alerts().join(' ')).toContain('larger than 1 MB');
    expect(container.textContent).not.toContain('The plugin is up to date');
  });
});
