// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryView } from '@/components/history/HistoryView';
import { createI18n } from '@/lib/i18n';
import { listConversations } from '@/lib/storage/conversations';
import { closeDb, DB_NAME } from '@/lib/storage/db';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;

async function settle(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(check()).toBe(true);
}

const conversation = (id: string, systemPrompt: string, plugins?: string[]) => ({
  id,
  title: `Chat ${id}`,
  createdAt: 1,
  updatedAt: 1,
  systemPrompt,
  params: {},
  ...(plugins ? { plugins } : {}),
  messages: [],
});

const file = {
  format: 'parley.conversations',
  version: 1,
  exportedAt: '2026-01-01T00:00:00.000Z',
  conversations: [
    conversation('a', 'Always call the weather plugin first.', ['mock-weather']),
    conversation('b', '', ['mock-weather', 'parley-page']),
    conversation('c', ''),
  ],
};

async function choose(doc: unknown) {
  const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
  const chosen = new File([JSON.stringify(doc)], 'chats.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const review = () => container.querySelector<HTMLElement>('section.import-review');
const facts = () =>
  Object.fromEntries(
    [...review()!.querySelectorAll('dt')].map((dt) => [dt.textContent, (dt.nextElementSibling as HTMLElement).textContent]),
  );
const button = (text: string) => [...review()!.querySelectorAll('button')].find((b) => b.textContent === text)!;

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  const i18n = await createI18n('en-US');
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(
      <I18nextProvider i18n={i18n}>
        <HistoryView onOpen={() => undefined} />
      </I18nextProvider>,
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('importing conversations', () => {
  it('shows what the file adds before importing anything, then imports with its plugins off', async () => {
    await choose(file);
    await settle(() => review() !== null);
    expect(review()!.getAttribute('aria-labelledby')).toBeTruthy();
    expect(review()!.querySelector('h3')!.textContent).toBe('Review the import');
    expect(facts()).toEqual({
      Conversations: '3',
      'With their own system prompt (kept as in the file)': '1',
      'Plugins they name': 'mock-weather, parley-page',
    });
    expect(review()!.textContent).toContain('Plugins named in the file stay off');
    expect(await listConversations()).toEqual([]);

    await act(async () => button('Import').click());
    await settle(() => container.querySelector('[role=status]')?.textContent === 'Imported 3 conversations.');
    expect(review()).toBeNull();
    const imported = await listConversations();
    expect(imported).toHaveLength(3);
    expect(imported.every((c) => c.plugins === undefined)).toBe(true);
  });

  it('imports nothing when the user cancels the review', async () => {
    await choose(file);
    await settle(() => review() !== null);
    await act(async () => button('Cancel').click());
    expect(review()).toBeNull();
    expect(await listConversations()).toEqual([]);
  });

  it('refuses a broken file with a localised message, showing no review', async () => {
    await choose({ format: 'something else' });
    await settle(() => container.querySelector('[role=alert]') !== null);
    expect(review()).toBeNull();
  });
});
