import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { withExtension } from './support/suite';

const DAY = 24 * 60 * 60 * 1000;

interface Seed {
  id: string;
  title: string;
  /**
   * How long ago it was last active, or that measured from the time since local midnight, for a seed that must fall
   * on a given day whatever the hour the test runs at: a fixed minute ago is yesterday in a day's first minute.
   */
  ago: number | ((sinceMidnight: number) => number);
  messages?: string[];
}

/** Writes conversations and their messages straight into the panel's database, in one transaction. */
async function seed(page: Page, seeds: Seed[]): Promise<void> {
  const now = Date.now();
  const sinceMidnight = now - new Date(now).setHours(0, 0, 0, 0);
  const at = (s: Seed) => now - (typeof s.ago === 'function' ? s.ago(sinceMidnight) : s.ago);
  const conversations = seeds.map((s) => ({
    id: s.id,
    title: s.title,
    systemPrompt: '',
    params: {},
    createdAt: at(s),
    updatedAt: at(s),
  }));
  const messages = seeds.flatMap((s) =>
    (s.messages ?? []).map((content, i) => ({
      id: `${s.id}-m${i}`,
      conversationId: s.id,
      role: i % 2 ? 'assistant' : 'user',
      content,
      createdAt: at(s) + i,
      status: 'complete',
      seq: i + 1,
    })),
  );
  await page.evaluate(
    ({ conversations, messages }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['conversations', 'messages'], 'readwrite');
          for (const c of conversations) tx.objectStore('conversations').put(c);
          for (const m of messages) tx.objectStore('messages').put(m);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { conversations, messages },
  );
}

const SEEDS: Seed[] = [
  { id: 'greek', title: 'Greek letters', ago: (today) => today / 3, messages: ['Greek letters', 'alpha beta gamma delta epsilon zeta'] },
  {
    id: 'soup',
    title: 'Alphabet soup',
    ago: (today) => (today * 2) / 3,
    messages: ['What is in alphabet soup?', 'Letters made of pasta.'],
  },
  { id: 'plan', title: 'Weekend plan', ago: (today) => today + DAY / 2, messages: ['Plan my weekend'] },
  { id: 'lisbon', title: 'Trip to Lisbon', ago: 3 * DAY, messages: ['Trams in Lisbon'] },
  { id: 'recipe', title: 'Old recipe', ago: 40 * DAY, messages: ['Grandma’s soup recipe'] },
];

/** Raw writes tell no view, so the panel is reloaded to read them, as on opening it later. */
async function seedAndReopen(page: Page, seeds: Seed[]): Promise<void> {
  await seed(page, seeds);
  await page.reload();
  await page.getByRole('button', { name: 'Conversations' }).click();
}

function list(page: Page) {
  return page.locator('.history-scroll');
}
const rowButton = (page: Page, title: string) => list(page).getByRole('button', { name: new RegExp(`^${title}`) });
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.closest('[data-row-id]') ? (el.querySelector('.history-title')?.textContent ?? el.getAttribute('aria-label')) : null;
  });
const shownTitles = (page: Page) => list(page).locator('.history-title').allInnerTexts();

describe('conversation history', () => {
  const suite = withExtension();
  let page: Page;
  const dialogs: string[] = [];

  it('shows an empty state when there are no conversations', async () => {
    page = await suite.harness.openSidePanelPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => page.getByText('No conversations yet.').isVisible()).toBe(true);
    expect(await list(page).count()).toBe(0);
  });

  it('groups conversations by date under headings, each group a list', async () => {
    await seedAndReopen(page, SEEDS);
    await expect
      .poll(() => page.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual(['Today', 'Yesterday', 'Previous 7 days', 'Older']);
    expect(await page.getByRole('list', { name: 'Today' }).getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('list', { name: 'Yesterday' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Weekend plan'),
    ]);
    expect(await page.getByRole('list', { name: 'Older' }).innerText()).toContain('Old recipe');
    // Titles keep their own direction, so an English title in the Arabic interface is cut at its end, not its start.
    expect(await list(page).locator('.history-title[dir="auto"]').count()).toBe(SEEDS.length);
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Colours change with a short transition; check the settled ones.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('is one Tab stop: arrow keys, Home and End move between rows, Enter opens', async () => {
    await page.getByRole('button', { name: 'Select', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Greek letters');
    expect(await list(page).locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Alphabet soup');
    // Moving across a group heading lands on the next row.
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Weekend plan');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Old recipe');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Old recipe');
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('Greek letters');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Greek letters');
    // The inline-end arrow reaches the row's menu, the other comes back.
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Greek letters');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe('Greek letters');
    // Tab leaves the list at once (rows and their menus are not Tab stops); Shift+Tab comes back to the row last used.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Alphabet soup');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('log', { name: 'Conversation' }).innerText()).toContain('Letters made of pasta.');
    await page.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => rowButton(page, 'Alphabet soup').getAttribute('aria-current')).toBe('true');
  });

  it('renames from the overflow menu: Enter saves, Escape cancels, focus returns to the row', async () => {
    // Each row shows one action button, not three.
    expect(
      await list(page)
        .getByRole('button', { name: /^(Rename|Delete) / })
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'More actions for Weekend plan' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const field = page.getByRole('textbox', { name: 'New title' });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('dir')).toBe('auto');
    await field.fill('Weekend in Porto');
    await field.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Weekend in Porto');

    await page.getByRole('button', { name: 'More actions for Weekend in Porto' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await field.fill('Never saved');
    await field.press('Escape');
    await expect.poll(() => focusedName(page)).toBe('Weekend in Porto');
    expect(await field.count()).toBe(0);
    expect(await shownTitles(page)).not.toContain('Never saved');
    // Escape ended the rename only: the history view is still open.
    expect(await page.getByRole('heading', { name: 'Conversations' }).isVisible()).toBe(true);
  });

  it('exports one conversation from its menu, with all its messages', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'More actions for Greek letters' }).click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    const doc = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8')) as {
      conversations: { title: string; messages: { content: string }[] }[];
    };
    expect(doc.conversations.map((c) => c.title)).toEqual(['Greek letters']);
    expect(doc.conversations[0]!.messages.map((m) => m.content)).toEqual(['Greek letters', 'alpha beta gamma delta epsilon zeta']);
  });

  it('deletes at once without a confirmation, and Undo restores the conversation with its messages', async () => {
    await page.getByRole('button', { name: 'More actions for Greek letters' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => shownTitles(page)).not.toContain('Greek letters');
    // Focus lands on the next row rather than being lost.
    await expect.poll(() => focusedName(page)).toBe('Alphabet soup');
    const toast = page.getByRole('status').filter({ hasText: 'Deleted “Greek letters”.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => shownTitles(page)).toContain('Greek letters');
    await rowButton(page, 'Greek letters').click();
    await expect.poll(() => page.getByRole('log', { name: 'Conversation' }).innerText()).toContain('epsilon zeta');
    expect(await page.getByRole('log', { name: 'Conversation' }).getByRole('article').count()).toBe(2);
    await page.getByRole('button', { name: 'Conversations' }).click();

    // Without Undo it stays gone, across a reload too.
    await page.getByRole('button', { name: 'More actions for Old recipe' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => shownTitles(page)).not.toContain('Old recipe');
    await page.reload();
    await page.getByRole('button', { name: 'Conversations' }).click();
    await expect.poll(() => shownTitles(page)).toContain('Greek letters');
    expect(await shownTitles(page)).not.toContain('Old recipe');
    expect(dialogs).toEqual([]);
  });

  it('selects several conversations to export or delete them together, with one undo', async () => {
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await list(page)
      .getByRole('checkbox', { name: /^Alphabet soup/ })
      .check();
    await list(page)
      .getByRole('checkbox', { name: /^Trip to Lisbon/ })
      .check();
    await expect.poll(() => page.getByText('2 selected').isVisible()).toBe(true);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export selected' }).click();
    const doc = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8')) as { conversations: { title: string }[] };
    expect(doc.conversations.map((c) => c.title)).toEqual(['Alphabet soup', 'Trip to Lisbon']);

    await page.getByRole('button', { name: 'Delete selected' }).click();
    await expect.poll(() => shownTitles(page)).toEqual(['Greek letters', 'Weekend in Porto']);
    expect(await list(page).getByRole('checkbox').count()).toBe(0);
    // Focus is not lost with the button that went away.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Select');
    await page.getByRole('status').filter({ hasText: 'Deleted 2 conversations.' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => shownTitles(page)).toEqual(['Greek letters', 'Alphabet soup', 'Weekend in Porto', 'Trip to Lisbon']);
    expect(dialogs).toEqual([]);

    // Escape leaves select mode, and only that.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await list(page)
      .getByRole('checkbox', { name: /^Greek letters/ })
      .press('Escape');
    await expect.poll(() => list(page).getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Conversations' }).isVisible()).toBe(true);
  });

  it('marks the search match in titles and snippets, and says when nothing matches', async () => {
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('SOUP');
    await expect.poll(() => list(page).locator('.history-title mark').allInnerTexts()).toEqual(['soup']);
    await search.fill('epsilon');
    await expect.poll(() => shownTitles(page)).toEqual(['Greek letters']);
    expect(await list(page).locator('.history-snippet mark').allInnerTexts()).toEqual(['epsilon']);
    expect(await list(page).getByRole('listitem').innerText()).toContain('delta epsilon zeta');
    await search.fill('no such words');
    await expect.poll(() => page.getByText('No conversation matches your search.').isVisible()).toBe(true);
    await search.fill('');
    await expect.poll(() => shownTitles(page)).toHaveLength(4);
  });

  it('renders far fewer rows than 500 stored conversations, and reaches the last by keyboard', async () => {
    await seedAndReopen(
      page,
      Array.from({ length: 500 }, (_, i) => ({ id: `bulk-${i}`, title: `Bulk chat ${i}`, ago: (i + 1) * 3 * 60 * 60 * 1000 })),
    );
    await expect.poll(() => list(page).getByRole('listitem').count()).toBeGreaterThan(5);
    // Only the groups on screen have their heading mounted.
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).not.toContain('Older');
    const mounted = await list(page).getByRole('listitem').count();
    expect(mounted).toBeGreaterThan(5);
    expect(mounted).toBeLessThan(60);
    await rowButton(page, 'Greek letters').focus();
    await page.keyboard.press('End');
    await expect.poll(() => focusedName(page)).toBe('Bulk chat 499');
    expect(await list(page).getByRole('listitem').count()).toBeLessThan(60);
    // The last row's group heading is mounted with it.
    expect(await page.getByRole('list', { name: 'Older' }).getByRole('listitem').last().innerText()).toContain('Bulk chat 499');
    await page.keyboard.press('Home');
    await expect.poll(() => focusedName(page)).toBe('Greek letters');
  });
});
