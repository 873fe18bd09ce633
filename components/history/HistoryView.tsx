import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquare, SearchX } from 'lucide-react';
import { useChatStore } from '../state/chat-store';
import { EmptyState } from '../ui/EmptyState';
import { showUndoToast } from '../ui/toast';
import { useConversationImport } from './ConversationImport';
import { ConversationList } from './ConversationList';
import { HistoryToolbar } from './HistoryToolbar';
import { downloadExport, useConversationEdits, useHistoryRows } from './use-conversations';
import './history.css';

export function HistoryView({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const rows = useHistoryRows(query);
  const edits = useConversationEdits();
  const importer = useConversationImport();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectButton = useRef<HTMLButtonElement>(null);
  // Leaving select mode unmounts the button that did it; focus goes back to "Select" instead of being lost.
  const refocusSelect = useRef(false);
  const open = useChatStore((s) => s.open);
  const current = useChatStore((s) => s.conversation?.id);

  /** Removes at once and offers an undo that puts back every record, messages included. */
  const remove = async (ids: string[]) => {
    const titleOf = (id: string) => rows?.find((r) => r.conversation.id === id)?.conversation.title || t('chat.untitled');
    const wasCurrent = current !== undefined && ids.includes(current);
    const removed = await edits.remove(ids);
    if (wasCurrent) useChatStore.getState().newChat();
    showUndoToast({
      message: ids.length === 1 ? t('history.deleted', { title: titleOf(ids[0]!) }) : t('history.deletedMany', { count: ids.length }),
      onUndo: async () => {
        await edits.restore(removed);
        if (wasCurrent) await open(current);
      },
    });
  };

  const stopSelecting = () => {
    refocusSelect.current = true;
    setSelecting(false);
    setSelected(new Set());
  };
  useEffect(() => {
    if (selecting || !refocusSelect.current) return;
    refocusSelect.current = false;
    selectButton.current?.focus();
  }, [selecting]);
  const chosen = rows?.filter((r) => selected.has(r.conversation.id)).map((r) => r.conversation.id) ?? [];

  return (
    <section
      className="history"
      aria-labelledby="history-title"
      onKeyDown={(e) => {
        // Escape leaves select mode first; a second Escape is the app's to handle.
        if (e.key !== 'Escape' || !selecting || e.defaultPrevented) return;
        e.preventDefault();
        e.stopPropagation();
        stopSelecting();
      }}
    >
      <h2 id="history-title">{t('history.title')}</h2>
      <input
        type="search"
        className="history-search"
        aria-label={t('history.search')}
        placeholder={t('history.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <HistoryToolbar
        selecting={selecting}
        chosen={chosen}
        listed={!!rows?.length}
        selectButton={selectButton}
        onSelectAll={() => setSelected(new Set(rows?.map((r) => r.conversation.id)))}
        onExport={(ids) => void downloadExport(ids)}
        onDelete={(ids) => void remove(ids)}
        onImport={importer.choose}
        onStartSelecting={() => setSelecting(true)}
        onStopSelecting={stopSelecting}
      />
      {importer.view}
      {rows && !rows.length ? (
        query.trim() ? (
          <EmptyState icon={<SearchX />} title={t('history.noMatches')} description={t('history.noMatchesHint')} />
        ) : (
          <EmptyState icon={<MessageSquare />} title={t('history.empty')} description={t('history.emptyHint')} />
        )
      ) : (
        <ConversationList
          rows={rows ?? []}
          query={query}
          currentId={current}
          selecting={selecting}
          selected={selected}
          onToggle={(id) =>
            setSelected((was) => {
              const next = new Set(was);
              if (!next.delete(id)) next.add(id);
              return next;
            })
          }
          onOpen={async (id) => {
            await open(id);
            onOpen();
          }}
          onRename={edits.rename}
          onExport={(id) => void downloadExport([id])}
          onDelete={(id) => void remove([id])}
        />
      )}
    </section>
  );
}
