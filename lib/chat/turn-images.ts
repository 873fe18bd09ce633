/**
 * Which of a turn's images go to the model. A model that takes images gets
 * them all; one that does not is refused when the question it is asked has
 * images (the panel refuses first, this covers a model changed since), while
 * images further back are left out so a conversation can go on in text.
 */
import type { StoredMessage } from '../core/conversation';
import { fail } from '../core/errors';
import { acceptsImages } from '../core/image-limits';
import type { ImagePart } from '../core/images';
import type { ProviderKind } from '../core/providers';
import { loadImageParts } from '../storage/images';

export async function loadTurnImages(history: readonly StoredMessage[]): Promise<Map<string, ImagePart>> {
  return loadImageParts(history.flatMap((m) => (m.role === 'user' ? (m.images ?? []) : [])));
}

export function imagesForModel(
  history: readonly StoredMessage[],
  images: ReadonlyMap<string, ImagePart> | undefined,
  kind: ProviderKind,
  model: string,
): ReadonlyMap<string, ImagePart> | undefined {
  if (!images?.size) return undefined;
  if (acceptsImages(kind, model)) return images;
  const question = history.findLast((m) => m.role === 'user');
  if (question?.images?.length) fail('images-unsupported', `${model} does not accept images.`);
  return undefined;
}
