// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { closeDb, DB_NAME } from '@/lib/storage/db';
import { getPref } from '@/lib/storage/prefs';
import { PageSettings } from '@/components/page/PageSettings';

const request = vi.hoisted(() => vi.fn(async () => null));
vi.mock('@/lib/messaging/client', () => ({ request }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;

async function settle(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(check()).toBe(true);
}

const byText = (tag: string, text: string) =>
  [...container.querySelectorAll<HTMLElement>(tag)].find((el) => el.textContent?.trim() === text);
const field = (label: string, index = 0) => {
  const labels = [...container.querySelectorAll('label')].filter((l) => l.textContent === label);
  return document.getElementById(labels[index]!.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
const checkbox = (text: string) => byText('label', text)!.querySelector('input')!;

/** Types like a user: React listens for input events, and the native value setter bypasses its tracking. */
function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  request.mockClear();
  const i18n = await createI18n('en-US');
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(
      <I18nextProvider i18n={i18n}>
        <PageSettings />
      </I18nextProvider>,
    );
  });
  await settle(() => !!byText('label', 'Quick actions send at once'));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('PageSettings', () => {
  it('shows the two switches with their defaults and saves a change at once', async () => {
    expect(checkbox('Quick actions send at once').checked).toBe(true);
    const ask = checkbox('“Ask Parley about…” sends at once instead of waiting for your question');
    expect(ask.checked).toBe(false);
    await act(async () => ask.click());
    await settle(() => ask.checked);
    await expect.poll(() => getPref('askSendsImmediately')).toBe(true);
  });

  it('adds a quick action, saves it and asks the background to rebuild the menu', async () => {
    await act(async () => byText('button', 'Add a quick action')!.click());
    await act(async () => {
      type(field('Title'), '  Haiku  ');
      type(field('Prompt'), 'Turn the quoted text into a haiku.');
    });
    await act(async () => byText('button', 'Save quick actions')!.click());
    await settle(() => !!byText('p', 'Saved.'));
    const saved = await getPref('customPrompts');
    expect(saved).toEqual([{ id: expect.any(String), title: 'Haiku', prompt: 'Turn the quoted text into a haiku.' }]);
    expect(request).toHaveBeenCalledWith('page.refreshMenus', {});
    expect(byText('button', 'Remove Haiku')).toBeDefined();
  });

  it('refuses a half-filled quick action and drops an empty one', async () => {
    await act(async () => byText('button', 'Add a quick action')!.click());
    await act(async () => byText('button', 'Add a quick action')!.click());
    await act(async () => type(field('Title', 0), 'No prompt yet'));
    await act(async () => byText('button', 'Save quick actions')!.click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Give every quick action a title and a prompt.');
    expect(await getPref('customPrompts')).toEqual([]);

    await act(async () => byText('button', 'Remove No prompt yet')!.click());
    await act(async () => byText('button', 'Save quick actions')!.click());
    await settle(() => !!byText('p', 'Saved.'));
    expect(await getPref('customPrompts')).toEqual([]);
    expect(container.querySelectorAll('li')).toHaveLength(0);
  });
});
