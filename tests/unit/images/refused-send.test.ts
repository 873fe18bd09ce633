import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageRef } from '../../../lib/core/images';
import { createConversation, listMessages } from '../../../lib/storage/conversations';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { createChatStore } from '../../../components/state/chat/store';
import { fakeChatPort } from '../support/chat-port';
import { useAttachments } from '../../../components/images/attachments-store';

let port = fakeChatPort();
let useChatStore = createChatStore({ connect: port.connect });
const model = { providerId: 'p1', model: 'm1' };

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  port = fakeChatPort();
  useChatStore = createChatStore({ connect: port.connect });
  useAttachments.setState({ images: [], problem: undefined });
});

describe('a send with images', () => {
  const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
  const ref: ImageRef = { id: 'img-1', mimeType: 'image/png', width: 3, height: 2, bytes: bytes.length };

  it('stores the images and names them on the user message', async () => {
    const c = await createConversation({ model });
    await useChatStore.getState().open(c.id);
    expect(await useChatStore.getState().send('', model, [{ ref, blob: new Blob([bytes], { type: 'image/png' }) }])).toBe(true);
    const [question] = await listMessages(c.id);
    expect(question).toMatchObject({ role: 'user', content: '', images: [ref] });
  });

  it('puts the images back in the composer when the background takes the send back', async () => {
    const c = await createConversation({ model });
    await useChatStore.getState().open(c.id);
    await useChatStore.getState().send('Look', model, [{ ref, blob: new Blob([bytes], { type: 'image/png' }) }]);
    const start = port.posted.find((m) => m.type === 'start') as { messageId: string };

    port.deliver({ type: 'busy', conversationId: c.id, messageId: start.messageId });

    await vi.waitFor(() => expect(useAttachments.getState().images).toHaveLength(1));
    const [back] = useAttachments.getState().images;
    expect(back).toMatchObject({ mimeType: 'image/png', width: 3, height: 2 });
    expect(new Uint8Array(await back!.blob.arrayBuffer())).toEqual(bytes);
    expect(useChatStore.getState().draft).toBe('Look');
  });
});
