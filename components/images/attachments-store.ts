import { create } from 'zustand';
import type { ChatErrorCode } from '../../lib/core/errors';
import type { ImageRef } from '../../lib/core/images';
import { loadImageBlob } from '../../lib/storage/images';
import { isAttachable } from '../../lib/core/images';
import type { PendingImage } from './read-image';

/** Why the composer's images could not be added or go (shown above them until the next change). */
export type AttachmentProblem =
  | { kind: 'not-an-image'; name: string }
  | { kind: 'unreadable'; name: string }
  | { kind: 'refused'; code: Extract<ChatErrorCode, 'images-unsupported' | 'storage-full'>; model?: string }
  | { kind: 'capture-restricted' }
  | { kind: 'capture-failed' };

interface AttachmentsState {
  images: PendingImage[];
  problem?: AttachmentProblem;
  /** Adds the image files among `files`; any other file is named in `problem`. */
  add(files: Iterable<File>): Promise<void>;
  /** Puts the images of a message that was taken back (another window was answering) back in the composer, first. */
  restore(images: readonly ImageRef[]): Promise<void>;
  remove(id: string): void;
  /** Empties the composer's images after they were sent. */
  clear(): void;
  setProblem(problem: AttachmentProblem | undefined): void;
}

/** The images waiting in the composer: kept apart from the chat store so they survive a view change and a refused send alike. */
export const useAttachments = create<AttachmentsState>((set, get) => ({
  images: [],
  async add(files) {
    let problem: AttachmentProblem | undefined;
    const added: PendingImage[] = [];
    for (const file of files) {
      if (!isAttachable(file)) {
        problem = { kind: 'not-an-image', name: file.name };
        continue;
      }
      try {
        // The decoder loads with the first image, not with the panel.
        const { readImage } = await import('./read-image');
        added.push(await readImage(file));
      } catch {
        problem = { kind: 'unreadable', name: file.name };
      }
    }
    set({ images: [...get().images, ...added], problem });
  },
  async restore(refs) {
    const restored: PendingImage[] = [];
    for (const ref of refs) {
      const blob = await loadImageBlob(ref.id);
      const { mimeType, width, height } = ref;
      if (blob) restored.push({ id: crypto.randomUUID(), blob, mimeType, width, height, url: URL.createObjectURL(blob) });
    }
    set({ images: [...restored, ...get().images] });
  },
  remove(id) {
    const gone = get().images.find((i) => i.id === id);
    if (gone) URL.revokeObjectURL(gone.url);
    set({ images: get().images.filter((i) => i.id !== id), problem: undefined });
  },
  clear() {
    for (const image of get().images) URL.revokeObjectURL(image.url);
    set({ images: [], problem: undefined });
  },
  setProblem: (problem) => set({ problem }),
}));
