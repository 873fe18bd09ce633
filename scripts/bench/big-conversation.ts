import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension } from '../../tests/e2e/support/extension';
import type { OpenAIMock } from '../../tests/mocks/openai-server';
import { configureProvider } from './panel-open';
import { launchQuiet, type QuietBrowser } from './quiet-browser';
import { seedConversation } from '../../tests/e2e/support/idb';

const MESSAGES = 2000;
const CONVERSATION_ID = 'bench-long-conversation';
/** The last message's text: the conversation is usable once it shows, with the message box ready. */
const LAST = 'Last message of the long conversation.';
/** Long enough for the panel to read and lay out a conversation's earlier messages, which it leaves for its first idle moment. */
const SETTLE_MS = 1500;

/**
 * Writes a 2,000-message conversation straight into the extension's IndexedDB
 * and makes it the one the panel opens. `page` must be an extension page that
 * has opened the database already.
 */
function seedLongConversation(page: Page): Promise<void> {
  return seedConversation(page, { id: CONVERSATION_ID, count: MESSAGES, last: LAST, model: { providerId: 'bench', model: 'gpt-4o-mini' } });
}

/** When an open showed the last message with the message box ready, and when the app's own log did. */
export interface LongOpen {
  /** Shown, by the app or by the copy of the last screen it painted before the app had loaded. */
  usable: number;
  /** Shown in the app's own conversation log. */
  live: number;
}

/**
 * Init script: notes when the last message shows with the message box enabled and focused, in the copy of the last
 * screen (components/startup/early-screen.ts) or in the app's log, and when it shows in the app's log.
 */
function watchUsable(last: string): void {
  const w = window as unknown as { usableAt?: number; liveAt?: number };
  const shows = (selector: string) => [...document.querySelectorAll(selector)].at(-1)?.textContent?.includes(last);
  const check = () => {
    if (w.liveAt !== undefined) return;
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label]');
    const ready = !!box && !box.disabled && document.activeElement === box;
    const live = ready && shows('[role=log] article');
    if (w.usableAt === undefined && (live || (ready && shows('#early-screen:not([hidden]) article')))) w.usableAt = performance.now();
    if (live) w.liveAt = performance.now();
    else requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  requestAnimationFrame(check);
}

/** Navigation start → the last message shown and the message box enabled and focused. */
export async function openLongConversation(browser: QuietBrowser): Promise<LongOpen> {
  const tab = await browser.open(browser.extensionUrl('sidepanel.html'), { fn: watchUsable, arg: LAST });
  await tab.waitFor(() => (window as unknown as { liveAt?: number }).liveAt !== undefined, 60_000);
  const open = await tab.evaluate(() => {
    const w = window as unknown as { usableAt: number; liveAt: number };
    return { usable: w.usableAt, live: w.liveAt };
  });
  // What the open leaves for later (the earlier messages, read once the panel idles, and the copy of the last screen)
  // finishes before the tab closes: the panel's pages share one renderer process, so work cut short or still running
  // there lands in the next open's time.
  await tab.evaluate((ms) => new Promise<void>((settled) => setTimeout(() => requestIdleCallback(() => settled()), ms)), SETTLE_MS);
  await tab.close();
  return open;
}

/** A new profile holding a 2,000-message conversation, written behind the panel's back; `remove()` deletes it. */
export async function longConversationProfile(extensionDir: string, mock: OpenAIMock): Promise<{ dir: string; remove(): void }> {
  const profileRoot = mkdtempSync(join(tmpdir(), 'parley-bench-long-'));
  const remove = () => rmSync(profileRoot, { recursive: true, force: true, maxRetries: 3 });
  const dir = join(profileRoot, 'profile');
  try {
    const harness = await launchExtension({ extensionDir, userDataDir: dir });
    try {
      await configureProvider(harness, mock);
      const seeder = await harness.openSidePanelPage();
      await seedLongConversation(seeder);
      await seeder.close();
    } finally {
      await harness.close();
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * A browser started on a longConversationProfile with no debugger attached (quiet-browser.ts says why), where the
 * conversation has been opened once, untimed: people reopen a conversation the panel has shown.
 */
export async function longConversationBrowser(extensionDir: string, userDataDir: string): Promise<QuietBrowser> {
  const browser = await launchQuiet(extensionDir, userDataDir);
  try {
    await openLongConversation(browser);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}
