import { useTranslation } from 'react-i18next';
import type { ChatError } from '@/lib/core/errors';
import { useErrorText } from './use-error-text';

export function ErrorNotice({ error, onRetry }: { error: ChatError; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText()(error);
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{text.title}</p>
      <p className="notice-hint">{text.hint}</p>
      {error.code === 'origin-rejected' && <OllamaOriginsHelp />}
      {error.message && (
        <details className="notice-detail">
          <summary>{t('errors.details')}</summary>
          <code>{error.message}</code>
        </details>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('chat.retry')}
        </button>
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
