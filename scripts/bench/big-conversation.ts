import type { Page } from 'playwright-core';
import type { ExtensionHarness } from '../../tests/e2e/support/extension';

const MESSAGES = 2000;
const CONVERSATION_ID = 'bench-long-conversation';
/** The last message's text: the conversation is usable once it shows, with the message box ready. */
const LAST = 'Last message of the long conversation.';

/**
 * Writes a 2,000-message conversation straight into the extension's IndexedDB
 * (as tests/e2e/support/idb.ts does) and makes it the one the panel opens.
 * `page` must be an extension page that has opened the database already.
 */
export async function seedLongConversation(page: Page): Promise<void> {
  await page.evaluate(
    ({ id, count, last }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['conversations', 'messages', 'prefs'], 'readwrite');
          const start = Date.now() - count * 1000;
          tx.objectStore('conversations').put({
            id,
            title: 'A long conversation',
            createdAt: start,
            updatedAt: start + count * 1000,
            systemPrompt: '',
            params: {},
            model: { providerId: 'bench', model: 'gpt-4o-mini' },
          });
          const paragraph = 'Some **markdown** with a [link](https://example.com) and `code`, long enough to wrap twice in the panel.';
          for (let i = 0; i < count; i++) {
            const user = i % 2 === 0;
            tx.objectStore('messages').put({
              id: `${id}-${i}`,
              conversationId: id,
              role: user ? 'user' : 'assistant',
              content: i === count - 1 ? last : user ? `Question ${i}?` : `Answer ${i}.\n\n${paragraph}\n\n- one\n- two`,
              createdAt: start + i * 1000,
              status: 'complete',
            });
          }
          tx.objectStore('prefs').put(id, 'lastConversationId');
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { id: CONVERSATION_ID, count: MESSAGES, last: LAST },
  );
}

/** Navigation start → the last message shown and the message box enabled and focused. */
export async function openLongConversation(harness: ExtensionHarness): Promise<number> {
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
