import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RemoteImageProps {
  src: string;
  alt: string;
  title?: string;
}

/**
 * An answer's image would tell its host that the user read the answer (and
 * could carry data out in its URL), so nothing is fetched until the user asks.
 */
export function RemoteImage({ src, alt, title }: RemoteImageProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  // The button the user pressed is gone; keep keyboard focus on what replaced it.
  useEffect(() => {
    if (shown) image.current?.focus();
  }, [shown]);

  if (shown) {
    return <img ref={image} className="md-img" src={src} alt={alt} title={title} referrerPolicy="no-referrer" tabIndex={-1} />;
  }
  const host = new URL(src).host;
  // React escapes the text; i18next must not escape it a second time.
  const options = { alt, host, interpolation: { escapeValue: false } };
  return (
    <button type="button" className="md-img-load" title={title} onClick={() => setShown(true)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 16-5-5-9 9" />
      </svg>
      {alt ? t('markdown.loadImage', options) : t('markdown.loadImageNoAlt', options)}
    </button>
  );
}
