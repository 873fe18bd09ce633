import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelToBackground } from '../../../lib/messaging/protocol';
import { createI18n } from '../../../lib/i18n/i18n';
import type { HandOff } from '../../../lib/page/hand-off';
import { listMessages } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { setPref } from '../../../lib/storage/prefs';

const port = vi.hoisted(() => ({ posted: [] as PanelToBackground[] }));
vi.mock('../../../lib/messaging/client', async (original) =>
  (await import('../support/panel-offline')).offlineMessaging(original, port.posted),
);

const { useChatStore } = await import('../../../components/state/chat-store');
const { applyHandOff } = await import('../../../components/page/apply-hand-off');

const model = { providerId: 'p', model: 'm' };
const selection = { text: 'Le chat est sur la table.', title: 'Page', url: 'https://example.test/a' };
const explain: HandOff = {
  id: 'h',
  windowId: 1,
  createdAt: 0,
  intent: { kind: 'prompt', title: 'Explain', text: 'Explain this text clearly and simply:\n\n{{selection}}' },
  selection,
};

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  port.posted.length = 0;
  useChatStore.setState({ conversation: undefined, messages: [], draft: '', pendingContext: [], notice: undefined, queued: false });
  await setPref('quickActionSendsImmediately', false);
});

/** The quick action put in the composer, as the panel does with "Quick actions send at once" off. */
async function holdQuickAction() {
  expect(await applyHandOff(explain, await createI18n('en-US'))).toBe(true);
  const { draft, pendingContext } = useChatStore.getState();
  expect(pendingContext).toEqual([{ kind: 'selection', ...selection }]);
  return draft;
}

async function sentMessage() {
  const id = useChatStore.getState().conversation!.id;
  const [message] = await listMessages(id);
  return message!;
}

describe('a quick action left in the composer', () => {
  it('keeps the selection as a chip, and sends it with a prompt the user rewrote', async () => {
    await holdQuickAction();
    expect(await useChatStore.getState().send('What tense is this in?', model)).toBe(true);
    const message = await sentMessage();
    expect(message.content).toBe('What tense is this in?');
    expect(message.context).toEqual([{ kind: 'selection', ...selection }]);
  });

  it('sends the prompt as it would have gone at once when the user keeps it', async () => {
    const draft = await holdQuickAction();
    expect(draft).toBe('Explain this text clearly and simply:\n\n{{selection}}');
    expect(await useChatStore.getState().send(draft, model)).toBe(true);
    const message = await sentMessage();
    expect(message.content).toBe('Explain this text clearly and simply:\n\nLe chat est sur la table.');
    expect(message.context).toBeUndefined();
    expect(useChatStore.getState().pendingContext).toEqual([]);
  });
});
