import { describe, expect, it } from 'vitest';
import { withExtension } from './support/suite';
import { putRawRecord } from './support/idb';
import { stopWorker } from './support/extension';

const NOTICE = 'Some saved chats or settings were damaged';

describe('damaged stored records', () => {
  const suite = withExtension();

  it('starts the panel with a notice, repairs what it can and sets the rest aside', async () => {
    const page = await suite.harness.openSidePanelPage();
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    // What an older version or a bad import could have left: missing fields, null content, an unknown role.
    await putRawRecord(page, 'conversations', { id: 'old-chat', title: null, updatedAt: Date.now() });
    await putRawRecord(page, 'messages', {
      id: 'null-content',
      conversationId: 'old-chat',
      role: 'assistant',
      content: null,
      createdAt: 1,
      status: 'complete',
      seq: 1,
    });
    await putRawRecord(page, 'messages', { id: 'no-role', conversationId: 'old-chat', role: 7, content: 'x', createdAt: 2, seq: 2 });
    await putRawRecord(page, 'prefs', 'old-chat', 'lastConversationId');
    // The worker that checked the records when the panel opened checks them once: a new one (as after an update) meets
    // what was left.
    await stopWorker(page);
    await page.reload();

    const notice = page.getByRole('status').filter({ hasText: NOTICE });
    await notice.waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).count()).toBe(1);
    expect(await page.getByText('Something went wrong in this view.').count()).toBe(0);
    // The check runs when the panel is idle, and the panel that was open while the records were written may already have
    // raised the notice for the first of them: wait for the record set aside, not only for the notice.
    const setAside = () =>
      page.evaluate(
        () =>
          new Promise<unknown[]>((resolve, reject) => {
            const open = indexedDB.open('parley');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('quarantine').objectStore('quarantine').getAll();
              all.onsuccess = () => {
                open.result.close();
                resolve(all.result as unknown[]);
              };
            };
          }),
      );
    await expect.poll(setAside).toMatchObject([{ store: 'messages', key: 'no-role', reason: 'unknown role' }]);

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.getByText(NOTICE).count()).toBe(0);
    await page.close();
  });
});
