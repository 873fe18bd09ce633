import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import './privacy-link.css';

/** The page built from PRIVACY.md (entrypoints/privacy), shipped inside the extension so it works offline. */
const PRIVACY_PAGE = '/privacy.html';

export function PrivacyLink() {
  const { t } = useTranslation();
  return (
    <p className="privacy-link">
      <a href={browser.runtime.getURL(PRIVACY_PAGE)} target="_blank" rel="noreferrer">
        {t('privacy.link')}
      </a>
    </p>
  );
}
