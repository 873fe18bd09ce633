import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from '../ui/IconButton';
import { useAttachments } from './attachments-store';
import './images.css';

/** The composer's images as thumbnails, each with its own remove button. */
export function ImageChips() {
  const { t } = useTranslation();
  const { images, remove } = useAttachments();
  if (!images.length) return null;
  return (
    <ul className="image-chips" aria-label={t('images.attachedList')}>
      {images.map((image, i) => (
        <li key={image.id} className="image-chip">
          <img src={image.url} alt={t('images.imageAlt', { index: i + 1, count: images.length })} />
          <IconButton
            className="image-chip-remove"
            size="sm"
            variant="solid"
            label={t('images.remove', { index: i + 1 })}
            icon={<X size={12} />}
            onClick={() => remove(image.id)}
          />
        </li>
      ))}
    </ul>
  );
}
