/**
 * Images in the panel: a file read into an attachment (its size, a GIF's
 * first frame as PNG), and an attachment made ready for a provider, scaled
 * down and re-encoded on an OffscreenCanvas when it is larger than the
 * provider takes or in a format it does not read (lib/core/image-limits).
 */
import { fitWithin, type ImageLimit } from '../../lib/core/image-limits';
import { IMAGE_MIMES, type ImageMime, type ImageRef } from '../../lib/core/images';
import type { NewImage } from '../../lib/storage/images';

/** An image waiting in the composer. */
export interface PendingImage {
  id: string;
  blob: Blob;
  mimeType: ImageMime;
  width: number;
  height: number;
  /** Object URL of `blob`, for the thumbnail; revoked when the image leaves the composer. */
  url: string;
}

async function encode(bitmap: ImageBitmap, size: { width: number; height: number }, type: ImageMime, quality?: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas.convertToBlob({ type, quality });
}

/** Reads an attachable file; a GIF keeps its first frame, as PNG. Throws when the bytes are not an image. */
export async function readImage(file: Blob): Promise<PendingImage> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = bitmap;
    const known = IMAGE_MIMES.includes(file.type as ImageMime);
    const blob = known ? file : await encode(bitmap, { width, height }, 'image/png');
    return {
      id: crypto.randomUUID(),
      blob,
      mimeType: known ? (file.type as ImageMime) : 'image/png',
      width,
      height,
      url: URL.createObjectURL(blob),
    };
  } finally {
    bitmap.close();
  }
}

/** Whether an image must be redrawn before `limit`'s provider takes it. */
export function needsRedraw(image: Pick<PendingImage, 'width' | 'height' | 'mimeType' | 'blob'>, limit: ImageLimit): boolean {
  return Math.max(image.width, image.height) > limit.maxEdge || image.blob.size > limit.maxBytes || !limit.formats.includes(image.mimeType);
}

/** Photographs shrink far better as JPEG; PNG keeps screenshots and drawings sharp while it fits. */
const JPEG_QUALITIES = [0.9, 0.8, 0.65, 0.5];

/** The image as it is stored and sent to `limit`'s provider. */
export async function prepareImage(image: PendingImage, limit: ImageLimit): Promise<NewImage> {
  let blob = image.blob;
  let mimeType = image.mimeType;
  let size = { width: image.width, height: image.height };
  if (needsRedraw(image, limit)) {
    size = fitWithin(image.width, image.height, limit.maxEdge);
    const bitmap = await createImageBitmap(image.blob);
    try {
      mimeType = limit.formats.includes(image.mimeType) ? image.mimeType : 'image/png';
      blob = await encode(bitmap, size, mimeType);
      for (const quality of JPEG_QUALITIES) {
        if (blob.size <= limit.maxBytes) break;
        mimeType = 'image/jpeg';
        blob = await encode(bitmap, size, mimeType, quality);
      }
    } finally {
      bitmap.close();
    }
  }
  const ref: ImageRef = { id: image.id, mimeType, width: size.width, height: size.height, bytes: blob.size };
  return { ref, blob };
}
