// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { HistoryView } from '../../../components/history/HistoryView';
import { DataSection } from '../../../components/settings/DataSection';
import { Toaster } from '../../../components/ui/Toaster';
import { listConversations } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { byText, mount, settle } from '../support/dom';

let container: HTMLElement;

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
const button = (text: string) => byText('button', text, review()!)!;

/** History and Settings › Data offer the same import. */
const VIEWS = {
  History: () => <HistoryView onOpen={() => undefined} />,
  'Settings › Data': () => <DataSection />,
};

describe.each(Object.entries(VIEWS))('importing conversations in %s', (_, View) => {
  beforeEach(async () => {
    await closeDb();
    await deleteDB(DB_NAME);
    // The import's result is announced in a toast.
    ({ container } = await mount(
      <>
        <View />
        <Toaster />
      </>,
    ));
  });

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
    await settle(() => container.querySelector('[role=status]')?.textContent?.includes('Imported 3 conversations.') === true);
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
