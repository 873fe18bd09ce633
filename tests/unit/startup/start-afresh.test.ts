// @vitest-environment jsdom
import { beforeEach, expect, it } from 'vitest';
import { clearAllData } from '../../../lib/storage/clear-all';
import { readConversationHint, rememberConversationHint } from '../../../components/startup/conversation-hint';
import { keepLastScreen, readLastScreen } from '../../../components/startup/last-screen';
import { startAfresh } from '../../../components/startup/start-afresh';

beforeEach(() => localStorage.clear());

it('leaves the page it reloads into no copy of the cleared last screen to paint', async () => {
  keepLastScreen({ id: 'c1', html: '<article>deleted words</article>', css: '', top: 0, bottom: 0 });
  rememberConversationHint('c1');
  await clearAllData();
  let seenOnReload: unknown[] = [];
  startAfresh(() => {
    seenOnReload = [readLastScreen(), readConversationHint()];
  });
  expect(seenOnReload).toEqual([undefined, undefined]);
});
