import { useTranslation } from 'react-i18next';
import type { ChatError } from '../../lib/core/errors';

/** Failures of a voice service explained in their own words; anything else gets the generic line. */
const EXPLAINED = new Set([
  'unauthorized',
  'forbidden',
  'credential-missing',
  'region-missing',
  'invalid-url',
  'insecure-url',
  'network',
  'timeout',
  'rate-limited',
  'not-found',
  'server-error',
  'service-unavailable',
  'unsupported',
]);

/** Why speech failed, localised by the error's code; the service's own words go in a detail. */
export function SpeechErrorNotice({ error }: { error: ChatError }) {
  const { t } = useTranslation();
  const code = error.code;
  return (
    <div className="speech-error" role="alert">
      <p>{EXPLAINED.has(code) ? t(`speech.errors.${code}`) : t('speech.errors.failed')}</p>
      {error.message && (
        <details className="notice-detail">
          <summary>{t('errors.details')}</summary>
          <code>{error.message}</code>
        </details>
      )}
    </div>
  );
}
