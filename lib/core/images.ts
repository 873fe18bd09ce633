/**
 * Images attached to a user message. The bytes live as Blobs in their own
 * IndexedDB store (lib/storage/images); a message only names them, so a
 * conversation with many images loads as fast as one without.
 */

/** What a stored image is encoded as: a GIF is kept as its first frame, re-encoded as PNG. */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

/** Files the composer takes: the stored formats, and GIF (its first frame). */
export const ATTACHABLE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Whether the composer takes this file as an image. */
export function isAttachable(file: Blob): boolean {
  return ATTACHABLE_IMAGE_TYPES.includes(file.type);
}

export const IMAGE_MIMES: readonly ImageMime[] = ['image/png', 'image/jpeg', 'image/webp'];

/** An image a message refers to; its bytes are in the images store under `id`. */
export interface ImageRef {
  id: string;
  mimeType: ImageMime;
  width: number;
  height: number;
  /** Size of the stored bytes. */
  bytes: number;
}

/** An image as a model is sent it: base64 of the stored bytes. */
export interface ImagePart {
  mimeType: ImageMime;
  data: string;
}
