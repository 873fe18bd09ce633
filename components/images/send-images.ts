import { toChatError } from '../../lib/core/errors';
import { acceptsImages, imageLimit } from '../../lib/core/image-limits';
import type { ModelRef, ProviderKind } from '../../lib/core/providers';
import type { NewImage } from '../../lib/storage/images';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { useAttachments } from './attachments-store';
import { prepareImage } from './read-image';

/**
 * The composer's images made ready for `model` of a provider of `kind`:
 * scaled to its limit. Undefined, with the reason shown in the composer and
 * the images left there, when the model takes no images.
 */
async function imagesFor(model: ModelRef, kind: ProviderKind | undefined): Promise<NewImage[] | undefined> {
  const { images, setProblem } = useAttachments.getState();
  if (!images.length) return [];
  const group = useProvidersStore.getState().groups.find((g) => g.providerId === model.providerId);
  const info = group?.models.find((m) => m.id === model.model);
  if (!kind || !acceptsImages(kind, model.model, info)) {
    setProblem({ kind: 'refused', code: 'images-unsupported', model: model.model });
    return undefined;
  }
  const limit = imageLimit(kind);
  return Promise.all(images.map((image) => prepareImage(image, limit)));
}

/**
 * Sends the draft with the composer's images; false, with everything left in
 * the composer, when the model takes no images, there is no room to store
 * them, or the send was held back.
 */
export async function sendWithImages(text: string, model: ModelRef, kind: ProviderKind | undefined): Promise<boolean> {
  const images = await imagesFor(model, kind);
  if (!images) return false;
  try {
    const sent = await useChatStore.getState().send(text, model, images);
    if (sent && images.length) useAttachments.getState().clear();
    return sent;
  } catch (e) {
    if (toChatError(e).code !== 'storage-full') throw e;
    useAttachments.getState().setProblem({ kind: 'refused', code: 'storage-full' });
    return false;
  }
}
