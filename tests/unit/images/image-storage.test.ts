import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMessage } from '../../../lib/core/conversation';
import type { ImageRef } from '../../../lib/core/images';
import { ChatFailure } from '../../../lib/core/errors';
import { removeConversations, restoreConversations } from '../../../lib/storage/conversation-removal';
import { createConversation, deleteConversation, listMessages, putMessage } from '../../../lib/storage/conversations';
import { clearAllData } from '../../../lib/storage/clear-all';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';
import { exportConversations, importConversations } from '../../../lib/storage/export';
import { ImportError } from '../../../lib/storage/field-readers';
import { loadImageBlob, loadImageParts, storeImages } from '../../../lib/storage/images';

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 250]);

function image(bytes: Uint8Array<ArrayBuffer> = PNG_BYTES) {
  const ref: ImageRef = { id: crypto.randomUUID(), mimeType: 'image/png', width: 4, height: 3, bytes: bytes.length };
  return { ref, blob: new Blob([bytes], { type: 'image/png' }) };
}

async function conversationWithImage(bytes?: Uint8Array<ArrayBuffer>) {
  const conversation = await createConversation({ title: 'Pictures' });
  const attached = image(bytes);
  await storeImages(conversation.id, [attached]);
  const message: StoredMessage = {
    id: crypto.randomUUID(),
    conversationId: conversation.id,
    role: 'user',
    content: 'What is this?',
    createdAt: 1,
    status: 'complete',
    images: [attached.ref],
  };
  await putMessage(message);
  return { conversation, message, ref: attached.ref };
}

describe('image storage', () => {
  it('keeps the bytes as a Blob apart from the message, which only names them', async () => {
    const { conversation, ref } = await conversationWithImage();
    const [stored] = await listMessages(conversation.id);
    expect(stored?.images).toEqual([ref]);
    expect(JSON.stringify(stored)).not.toContain(btoa(String.fromCharCode(...PNG_BYTES)));
    const blob = await loadImageBlob(ref.id);
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('gives the background each image as base64 of its bytes', async () => {
    const { ref } = await conversationWithImage();
    const parts = await loadImageParts([ref, { ...ref, id: 'gone' }]);
    expect([...parts.keys()]).toEqual([ref.id]);
    expect(parts.get(ref.id)).toEqual({ mimeType: 'image/png', data: btoa(String.fromCharCode(...PNG_BYTES)) });
  });

  it('refuses images the storage estimate has no room for, storing none of them', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 990, quota: 1000 }) } });
    const conversation = await createConversation();
    const attached = image();
    const refused = await storeImages(conversation.id, [attached]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChatFailure);
    expect((refused as ChatFailure).error.code).toBe('storage-full');
    expect(await loadImageBlob(attached.ref.id)).toBeUndefined();
  });

  it('lists a conversation of 50 images without reading one of them', async () => {
    const conversation = await createConversation();
    for (let i = 0; i < 50; i++) {
      const attached = image();
      await storeImages(conversation.id, [attached]);
      await putMessage({
        id: `m${i}`,
        conversationId: conversation.id,
        role: 'user',
        content: `${i}`,
        createdAt: i,
        status: 'complete',
        images: [attached.ref],
      });
    }
    const db = await getDb();
    const reads = vi.spyOn(db, 'transaction');
    const messages = await listMessages(conversation.id);
    expect(messages).toHaveLength(50);
    expect(reads.mock.calls.flatMap(([stores]) => [stores].flat())).not.toContain('images');
    expect(messages.every((m) => m.images?.length === 1 && !('blob' in m.images[0]!))).toBe(true);
  });

  it('removes the images with their conversation', async () => {
    const { conversation, ref } = await conversationWithImage();
    await deleteConversation(conversation.id);
    expect(await loadImageBlob(ref.id)).toBeUndefined();
  });

  it('puts the images back when a removed conversation is restored', async () => {
    const { conversation, ref } = await conversationWithImage();
    const removed = await removeConversations([conversation.id]);
    expect(await loadImageBlob(ref.id)).toBeUndefined();
    await restoreConversations(removed);
    expect(new Uint8Array(await (await loadImageBlob(ref.id))!.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('clears images with all other data', async () => {
    const { ref } = await conversationWithImage();
    await clearAllData();
    expect(await loadImageBlob(ref.id)).toBeUndefined();
  });
});

describe('images in export and import', () => {
  it('writes each image as base64 in the file only, and imports it back as a Blob under a free id', async () => {
    const { ref } = await conversationWithImage();
    const doc = await exportConversations();
    const exported = doc.conversations[0]!.messages[0]!;
    expect(exported.content).toBe('What is this?');
    expect(exported.images).toEqual([{ ...ref, data: btoa(String.fromCharCode(...PNG_BYTES)) }]);

    // Imported into the same database: every id is taken, so the image gets a fresh one its message follows.
    await importConversations(JSON.parse(JSON.stringify(doc)));
    const db = await getDb();
    const all = await db.getAll('images');
    expect(all).toHaveLength(2);
    const imported = all.find((i) => i.id !== ref.id)!;
    expect(new Uint8Array(await imported.blob.arrayBuffer())).toEqual(PNG_BYTES);
    const messages = await db.getAll('messages');
    const importedMessage = messages.find((m) => m.conversationId === imported.conversationId)!;
    expect(importedMessage.images).toEqual([{ ...ref, id: imported.id }]);
  });

  it('refuses, importing nothing, a file whose images the storage has no room for', async () => {
    await conversationWithImage();
    const doc = JSON.parse(JSON.stringify(await exportConversations()));
    vi.stubGlobal('navigator', { storage: { estimate: async () => ({ usage: 0, quota: 4 }) } });
    const refused = await importConversations(doc).catch((e: unknown) => e);
    expect((refused as ChatFailure).error.code).toBe('storage-full');
    expect(await (await getDb()).count('conversations')).toBe(1);
    expect(await (await getDb()).count('images')).toBe(1);
  });

  it('refuses an image whose data is not base64', async () => {
    await conversationWithImage();
    const doc = JSON.parse(JSON.stringify(await exportConversations()));
    doc.conversations[0].messages[0].images[0].data = 'not base64!';
    const refused = await importConversations(doc).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportError);
    expect((refused as ImportError).path).toBe('conversations[0].messages[0].images[0].data');
  });
});
