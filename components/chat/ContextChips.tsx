import { useTranslation } from 'react-i18next';
import { FileText, TextQuote } from 'lucide-react';
import type { ContextBlock } from '../../lib/core/conversation';
import { Chip } from '../ui/Chip';

/** A page names itself by its title and address; a selection by its own words. */
const chipLabel = (b: ContextBlock) =>
  b.kind === 'selection' ? b.text : [b.title, b.url].filter(Boolean).join(' — ') || b.text.slice(0, 80);

/**
 * What goes with a message: compact removable chips while it waits in the
 * composer (`onRemove`), the quoted text and page in a sent message.
 */
export function ContextChips({ blocks, onRemove }: { blocks: ContextBlock[]; onRemove?: (index: number) => void }) {
  const { t } = useTranslation();
  if (onRemove)
    return (
      <ul className="context-chips context-chips-pending" aria-label={t('chat.attachedContext')}>
        {blocks.map((b, i) => (
          <li key={i}>
            <Chip
              icon={b.kind === 'selection' ? <TextQuote size={14} aria-hidden /> : <FileText size={14} aria-hidden />}
              label={chipLabel(b)}
              onRemove={() => onRemove(i)}
              removeLabel={
                b.kind === 'selection' ? t('composer.removeSelection') : t('chat.removeContext', { title: b.title || b.url || '' })
              }
            />
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="context-chips" aria-label={t('chat.attachedContext')}>
      {blocks.map((b, i) => (
        <li key={i} className="chip">
          {b.kind === 'selection' ? (
            <blockquote className="chip-quote" dir="auto">
              {b.text}
            </blockquote>
          ) : (
            <span className="chip-page">
              <span className="chip-title" dir="auto">
                {b.title || b.url}
              </span>
              {b.url && <span className="chip-url">{b.url}</span>}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
