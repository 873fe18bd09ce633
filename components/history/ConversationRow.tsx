import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Download, MoreHorizontal, Pencil, Trash2, X } from 'lucide-react';
import { formatDateTime } from '../../lib/i18n/formats';
import { IconButton } from '../ui/IconButton';
import { Menu } from '../ui/Menu';
import type { DateGroup } from './date-groups';
import { Highlighted } from './Highlighted';
import type { HistoryRow } from './history-rows';

export interface ConversationRowProps {
  row: HistoryRow;
  group: DateGroup;
  query: string;
  /** Whether this row holds the list's one Tab stop. */
  tabbable: boolean;
  current: boolean;
  selecting: boolean;
  selected: boolean;
  renaming: boolean;
  onToggle(): void;
  onOpen(): void;
  onStartRename(): void;
  /** The new title, or undefined when the rename was cancelled. */
  onFinishRename(title: string | undefined): Promise<void>;
  onExport(): void;
  onDelete(): void;
}

/** One conversation: a link that opens it and a menu of its actions, a checkbox in select mode, or the rename field. */
export function ConversationRow(props: ConversationRowProps) {
  const { row, query, tabbable } = props;
  const { t, i18n } = useTranslation();
  const { conversation, snippet } = row;
  const title = conversation.title || t('chat.untitled');
  if (props.renaming) return <RenameForm initial={conversation.title} onDone={props.onFinishRename} />;

  // Today's and yesterday's conversations are told apart by time, older ones by date.
  const recent = props.group === 'today' || props.group === 'yesterday';
  const when = formatDateTime(i18n, conversation.updatedAt, recent ? { timeStyle: 'short' } : { dateStyle: 'medium' });
  const text = (
    <>
      <span className="history-title" dir="auto">
        <Highlighted text={title} query={query} />
      </span>
      <span className="history-date">{when}</span>
      {snippet && (
        <span className="history-snippet" dir="auto">
          <Highlighted text={snippet} query={query} />
        </span>
      )}
    </>
  );

  if (props.selecting) {
    return (
      <label className="history-open history-check">
        <input type="checkbox" data-roving tabIndex={tabbable ? 0 : -1} checked={props.selected} onChange={props.onToggle} />
        <span className="history-text">{text}</span>
      </label>
    );
  }
  return (
    <>
      <button
        type="button"
        className="history-open"
        data-roving
        tabIndex={tabbable ? 0 : -1}
        aria-current={props.current ? 'true' : undefined}
        onClick={props.onOpen}
      >
        {text}
      </button>
      <Menu
        label={t('history.moreActions', { title })}
        icon={<MoreHorizontal size={16} />}
        tabIndex={-1}
        items={[
          { id: 'rename', label: t('history.renameShort'), icon: <Pencil size={16} />, onSelect: props.onStartRename },
          { id: 'export', label: t('history.export'), icon: <Download size={16} />, onSelect: props.onExport },
          { id: 'delete', label: t('history.deleteShort'), icon: <Trash2 size={16} />, danger: true, onSelect: props.onDelete },
        ]}
      />
    </>
  );
}

/** Enter saves, Escape cancels; either way focus goes back to the row. */
function RenameForm({ initial, onDone }: { initial: string; onDone(title: string | undefined): Promise<void> }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial);
  return (
    <form
      className="history-rename"
      onSubmit={(e) => {
        e.preventDefault();
        void onDone(title.trim());
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // Escape ends the rename only, not the view around it.
        e.preventDefault();
        e.stopPropagation();
        void onDone(undefined);
      }}
    >
      <input
        aria-label={t('history.newTitle')}
        dir="auto"
        value={title}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setTitle(e.target.value)}
      />
      <IconButton type="submit" size="sm" label={t('common.save')} icon={<Check size={16} />} />
      <IconButton size="sm" label={t('common.cancel')} icon={<X size={16} />} onClick={() => void onDone(undefined)} />
    </form>
  );
}
