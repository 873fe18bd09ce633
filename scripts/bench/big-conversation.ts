import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { configureProvider } from './panel-open';
import { seedConversation } from '../../tests/e2e/support/idb';

const MESSAGES = 2000;
const CONVERSATION_ID = 'bench-long-conversation';
/** The last message's text: the conversation is usable once it shows, with the message box ready. */
const LAST = 'Last message of the long conversation.';

/**
 * Writes a 2,000-message conversation straight into the extension's IndexedDB
 * and makes it the one the panel opens. `page` must be an extension page that
 * has opened the database already.
 */
function seedLongConversation(page: Page): Promise<void> {
  return seedConversation(page, { id: CONVERSATION_ID, count: MESSAGES, last: LAST, model: { providerId: 'bench', model: 'gpt-4o-mini' } });
}

/** Navigation start → the last message shown and the message box enabled and focused. */
async function openLongConversation(harness: ExtensionHarness): Promise<number> {
  const page = await harness.context.newPage();
  await page.addInitScript((last) => {
    const w = window as unknown as { usableAt?: number };
    const check = () => {
      if (w.usableAt !== undefined) return;
      const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label]');
      const shown = [...document.querySelectorAll('[role=log] article')].at(-1)?.textContent?.includes(last);
      if (shown && box && !box.disabled && document.activeElement === box) w.usableAt = performance.now();
      else requestAnimationFrame(check);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    requestAnimationFrame(check);
  }, LAST);
  await page.goto(harness.extensionUrl('sidepanel.html'));
  await page.waitForFunction(() => (window as unknown as { usableAt?: number }).usableAt !== undefined, undefined, {
    timeout: 60_000,
  });
  const at = await page.evaluate(() => (window as unknown as { usableAt: number }).usableAt);
  await page.close();
  return at;
}

/** Starts a browser, stores a 2,000-message conversation and times `runs` opens of it. */
export async function longConversationOpens(extensionDir: string, mock: OpenAIMock, runs: number): Promise<number[]> {
  const harness = await launchExtension({ extensionDir });
  try {
    await configureProvider(harness, mock);
    const seeder = await harness.openSidePanelPage();
    await seedLongConversation(seeder);
    await seeder.close();
    const opens: number[] = [];
    for (let i = 0; i < runs; i++) opens.push(await openLongConversation(harness));
    return opens;
  } finally {
    await harness.close();
  }
}
