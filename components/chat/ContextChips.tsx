import { useTranslation } from 'react-i18next';
import type { ContextBlock } from '@/lib/core/conversation';

export function ContextChips({ blocks, onRemove }: { blocks: ContextBlock[]; onRemove?: (index: number) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="context-chips" aria-label={t('chat.attachedContext')}>
      {blocks.map((b, i) => (
        <li key={i} className="chip">
          {b.kind === 'selection' ? (
            <blockquote className="chip-quote">{b.text}</blockquote>
          ) : (
            <span className="chip-page">
              <span className="chip-title">{b.title || b.url}</span>
              {b.url && <span className="chip-url">{b.url}</span>}
            </span>
          )}
          {onRemove && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('chat.removeContext', { title: b.title ?? '' })}
              onClick={() => onRemove(i)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
