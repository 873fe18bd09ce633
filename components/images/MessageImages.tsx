import { useTranslation } from 'react-i18next';
import type { ImageRef } from '../../lib/core/images';
import { useStoredImage } from './use-stored-image';
import './images.css';

/** One stored image, read from the database only once it is shown. */
function StoredImage({ image, alt }: { image: ImageRef; alt: string }) {
  const url = useStoredImage(image.id);
  // The box keeps the image's shape before its bytes arrive, so the list does not jump.
  return (
    <img
      className="message-image"
      src={url}
      alt={alt}
      width={image.width}
      height={image.height}
      style={{ aspectRatio: `${image.width} / ${image.height}` }}
    />
  );
}

/** The images a user message was sent with. */
export function MessageImages({ images }: { images: ImageRef[] }) {
  const { t } = useTranslation();
  return (
    <ul className="message-images" aria-label={t('images.attachedList')}>
      {images.map((image, i) => (
        <li key={image.id}>
          <StoredImage image={image} alt={t('images.imageAlt', { index: i + 1, count: images.length })} />
        </li>
      ))}
    </ul>
  );
}
