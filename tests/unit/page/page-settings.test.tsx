// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { PageSettings } from '../../../components/page/PageSettings';
import { toasts } from '../../../components/ui/toast';
import { byText, mount, settle, type } from '../support/dom';

const request = vi.hoisted(() => vi.fn(async () => null));
vi.mock('../../../lib/messaging/client', () => ({ request }));

let container: HTMLElement;

const field = (label: string, index = 0) => {
  const labels = [...container.querySelectorAll('label')].filter((l) => l.textContent === label);
  return document.getElementById(labels[index]!.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
/** A switch, found by the text of its label. */
const toggle = (text: string) => document.getElementById(byText<HTMLLabelElement>('label', text)!.htmlFor) as HTMLButtonElement;
const toasted = (message: string) => toasts.get().some((t) => t.message === message && t.tone === 'success');

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  request.mockClear();
  toasts.set([]);
  ({ container } = await mount(<PageSettings />));
  await settle(() => !!byText('label', 'Quick actions send at once'));
});

describe('PageSettings', () => {
  it('shows the two switches with their defaults and saves a change at once', async () => {
    expect(toggle('Quick actions send at once').getAttribute('aria-checked')).toBe('true');
    const ask = toggle('“Ask Parley about…” sends at once instead of waiting for your question');
    expect(ask.getAttribute('role')).toBe('switch');
    expect(ask.getAttribute('aria-checked')).toBe('false');
    await act(async () => ask.click());
    await settle(() => ask.getAttribute('aria-checked') === 'true');
    await expect.poll(() => getPref('askSendsImmediately')).toBe(true);
  });

  it('adds a quick action, saves it and asks the background to rebuild the menu', async () => {
    await act(async () => byText('button', 'Add a quick action')!.click());
    await act(async () => {
      type(field('Title'), '  Haiku  ');
      type(field('Prompt'), 'Turn the quoted text into a haiku.');
    });
    await act(async () => byText('button', 'Save quick actions')!.click());
    await settle(() => toasted('Saved.'));
    expect(container.textContent).not.toContain('Saved.');
    const saved = await getPref('customPrompts');
    expect(saved).toEqual([{ id: expect.any(String), title: 'Haiku', prompt: 'Turn the quoted text into a haiku.' }]);
    expect(request).toHaveBeenCalledWith('page.refreshMenus', {});
    expect(container.querySelector('button[aria-label="Remove Haiku"]')).not.toBeNull();
  });

  it('refuses a half-filled quick action and drops an empty one', async () => {
    await act(async () => byText('button', 'Add a quick action')!.click());
    await act(async () => byText('button', 'Add a quick action')!.click());
    await act(async () => type(field('Title', 0), 'No prompt yet'));
    await act(async () => byText('button', 'Save quick actions')!.click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Give every quick action a title and a prompt.');
    expect(await getPref('customPrompts')).toEqual([]);

    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Remove No prompt yet"]')!.click());
    await act(async () => byText('button', 'Save quick actions')!.click());
    await settle(() => toasted('Saved.'));
    expect(await getPref('customPrompts')).toEqual([]);
    expect(container.querySelectorAll('li')).toHaveLength(0);
  });
});
