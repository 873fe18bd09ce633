import { useTranslation } from 'react-i18next';
import type { ChatError, ChatErrorCode } from '../../lib/core/errors';
import { useErrorText } from './use-error-text';

/** Errors fixed in a provider's settings (its key, address, region): the notice offers the way there. */
const FIXED_IN_SETTINGS: ReadonlySet<ChatErrorCode> = new Set([
  'credential-missing',
  'invalid-credential',
  'api-key-header-missing',
  'region-missing',
  'insecure-url',
  'invalid-url',
  'unauthorized',
  'forbidden',
]);

interface Props {
  error: ChatError;
  onRetry?: () => void;
  /** Shown as "Open Settings" on an error the user fixes there. */
  onOpenSettings?: () => void;
  /**
   * False for a notice stored with a message and shown again when its conversation
   * is reopened: it is not announced a second time (no role=alert).
   */
  live?: boolean;
}

export function ErrorNotice({ error, onRetry, onOpenSettings, live = true }: Props) {
  const { t } = useTranslation();
  const text = useErrorText()(error);
  const toSettings = onOpenSettings && FIXED_IN_SETTINGS.has(error.code) ? onOpenSettings : undefined;
  return (
    <div className="notice notice-error" role={live ? 'alert' : undefined}>
      <p className="notice-title">{text.title}</p>
      <p className="notice-hint">{text.hint}</p>
      {error.code === 'origin-rejected' && <OllamaOriginsHelp />}
      {error.message && (
        <details className="notice-detail">
          <summary>{t('errors.details')}</summary>
          <code>{error.message}</code>
        </details>
      )}
      {(onRetry || toSettings) && (
        <div className="notice-actions">
          {toSettings && (
            <button type="button" className="button button-primary" onClick={toSettings}>
              {t('messages.openSettings')}
            </button>
          )}
          {onRetry && (
            <button type="button" className="button" onClick={onRetry}>
              {t('chat.retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function OllamaOriginsHelp() {
  const { t } = useTranslation();
  return (
    <ol className="notice-steps">
      <li>{t('errors.origin-rejected.step1')}</li>
      <li>
        <code>OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*</code>
      </li>
      <li>{t('errors.origin-rejected.step3')}</li>
    </ol>
  );
}
