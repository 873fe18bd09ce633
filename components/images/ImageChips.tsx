import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { scaledFor } from '../../lib/core/image-limits';
import { formatNumber } from '../../lib/i18n/formats';
import { useProvidersStore } from '../state/providers-store';
import { IconButton } from '../ui/IconButton';
import { useAttachments } from './attachments-store';
import './images.css';

/**
 * The composer's images as thumbnails, each with its own remove button. One larger than the chosen provider takes
 * says the size it will go at, so the shrinking is never silent.
 */
export function ImageChips() {
  const { t, i18n } = useTranslation();
  const { images, remove } = useAttachments();
  const kind = useProvidersStore((s) => s.providers.find((p) => p.id === s.selected?.providerId)?.kind);
  if (!images.length) return null;
  const pixels = (n: number) => formatNumber(i18n, n, { useGrouping: false });
  return (
    <ul className="image-chips" aria-label={t('images.attachedList')}>
      {images.map((image, i) => {
        const scaled = kind && scaledFor(kind, image.width, image.height);
        const size = scaled && { width: pixels(scaled.width), height: pixels(scaled.height) };
        const position = { index: i + 1, count: images.length };
        return (
          <li key={image.id} className="image-chip">
            <span className="image-chip-thumb">
              <img src={image.url} alt={size ? t('images.imageAltScaled', { ...position, ...size }) : t('images.imageAlt', position)} />
              <IconButton
                className="image-chip-remove"
                size="sm"
                variant="solid"
                label={t('images.remove', { index: i + 1 })}
                icon={<X size={12} />}
                onClick={() => remove(image.id)}
              />
            </span>
            {/* The image's name says it already; read twice, it would be noise. */}
            {size && (
              <small className="image-chip-note" aria-hidden>
                {t('images.scaled', size)}
              </small>
            )}
          </li>
        );
      })}
    </ul>
  );
}
