/**
 * Attached images' bytes, as Blobs keyed by id. Messages carry only
 * ImageRefs, so listing a conversation never reads an image; the panel loads
 * each thumbnail as it is shown, the background the images of the turn it
 * sends. Images go with their conversation (deleteConversation,
 * removeConversations, clearAllData).
 */
import { bytesToBase64 } from '../core/base64';
import { ChatFailure, chatError, fail } from '../core/errors';
import type { ImagePart, ImageRef } from '../core/images';
import { getDb } from './db';

export interface NewImage {
  ref: ImageRef;
  blob: Blob;
}

/** The browser's refusal to store more, as the ChatFailure 'storage-full' the panel explains; anything else as it was. */
export function asStorageFull(e: unknown): unknown {
  const quota = e instanceof Error && e.name === 'QuotaExceededError';
  return quota ? new ChatFailure(chatError('storage-full', e.message)) : e;
}

/** Refuses, before writing, `bytes` of images the browser's storage estimate says there is no room for. */
export async function checkRoom(bytes: number): Promise<void> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
  if (estimate?.quota !== undefined && (estimate.usage ?? 0) + bytes > estimate.quota) {
    fail('storage-full', `No room for ${bytes} bytes of images: ${estimate.usage ?? 0} of ${estimate.quota} bytes used.`);
  }
}

/** Stores the images of one conversation, all or none; throws a ChatFailure 'storage-full' when they do not fit. */
export async function storeImages(conversationId: string, images: readonly NewImage[]): Promise<void> {
  if (!images.length) return;
  await checkRoom(images.reduce((sum, i) => sum + i.blob.size, 0));
  try {
    const tx = (await getDb()).transaction('images', 'readwrite');
    await Promise.all(images.map(({ ref, blob }) => tx.store.put({ ...ref, conversationId, blob })));
    await tx.done;
  } catch (e) {
    throw asStorageFull(e);
  }
}

export async function loadImageBlob(id: string): Promise<Blob | undefined> {
  return (await (await getDb()).get('images', id))?.blob;
}

/** The images of a turn as a model is sent them, by id; ids no longer stored are left out. */
export async function loadImageParts(refs: readonly ImageRef[]): Promise<Map<string, ImagePart>> {
  const db = await getDb();
  const records = await Promise.all(refs.map((ref) => db.get('images', ref.id)));
  const parts = new Map<string, ImagePart>();
  for (const record of records) {
    if (record) parts.set(record.id, { mimeType: record.mimeType, data: bytesToBase64(await record.blob.arrayBuffer()) });
  }
  return parts;
}
