import { useTranslation } from 'react-i18next';
import { FileText, MessageSquareText, Volume2 } from 'lucide-react';
import type { Entry } from './slash-entries';

export interface SlashListProps {
  listId: string;
  entries: Entry[];
  /** The option the arrows are on; the message box names it as its active descendant. */
  active: number;
  optionId(index: number): string;
  onHover(index: number): void;
  onChoose(entry: Entry): Promise<void>;
}

/**
 * The "/" menu's list, which useSlashMenu keeps the state and keys of. It loads the first time "/" is typed: an empty
 * chat's first paint does not show it.
 */
export function SlashList({ listId, entries, active, optionId, onHover, onChoose }: SlashListProps) {
  const { t } = useTranslation();
  return (
    <div className="slash-menu">
      <div role="listbox" id={listId} aria-label={t('prompts.slash.label')} className="slash-list">
        {entries.map((entry, i) => (
          <div
            key={entry.kind === 'prompt' ? `p-${entry.prompt.id}` : `a-${entry.action}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`slash-option${i === active ? ' slash-option-active' : ''}`}
            onPointerMove={() => onHover(i)}
            // Keeps focus in the message box, where typing goes on.
            onPointerDown={(e) => e.preventDefault()}
            onClick={() => void onChoose(entry)}
          >
            {entry.kind === 'prompt' ? (
              <MessageSquareText size={16} aria-hidden />
            ) : entry.action === 'usePage' ? (
              <FileText size={16} aria-hidden />
            ) : (
              <Volume2 size={16} aria-hidden />
            )}
            <span dir="auto">{entry.label}</span>
          </div>
        ))}
      </div>
      {!entries.length && (
        <p className="slash-empty" role="status">
          {t('prompts.slash.noMatch')}
        </p>
      )}
    </div>
  );
}
