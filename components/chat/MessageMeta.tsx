import { useTranslation } from 'react-i18next';
import type { StoredMessage } from '../../lib/core/conversation';
import { formatDateTime, formatNumber } from '../../lib/i18n/formats';

const DAY = 24 * 60 * 60 * 1000;

/** A message's model, time and (when the provider reported them) token counts, shown on demand. */
export function MessageMeta({ message }: { message: StoredMessage }) {
  const { t, i18n } = useTranslation();
  const recent = Date.now() - message.createdAt < DAY;
  const time = formatDateTime(i18n, message.createdAt, recent ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
  const { inputTokens, outputTokens } = message.usage ?? {};
  const parts = [
    message.role === 'assistant' && message.model ? message.model.model : undefined,
    time,
    inputTokens !== undefined || outputTokens !== undefined
      ? t('messages.tokens', { input: formatNumber(i18n, inputTokens ?? 0), output: formatNumber(i18n, outputTokens ?? 0) })
      : undefined,
  ].filter(Boolean);
  return (
    <p className="message-meta">
      {parts.map((part, i) => (
        <span key={i} dir="auto">
          {part}
        </span>
      ))}
    </p>
  );
}
