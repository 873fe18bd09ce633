import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckSquare, Download, MessageSquare, SearchX, Trash2, Upload } from 'lucide-react';
import { removeConversations, restoreConversations } from '../../lib/storage/conversation-removal';
import { listConversations, renameConversation } from '../../lib/storage/conversations';
import { searchConversations } from '../../lib/storage/conversation-search';
import { onStorageChange } from '../../lib/storage/change-feed';
import { useChatStore } from '../state/chat-store';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { IconButton } from '../ui/IconButton';
import { showUndoToast } from '../ui/toast';
import { useConversationImport } from './ConversationImport';
import { ConversationList } from './ConversationList';
import { downloadExport } from './history-actions';
import type { HistoryRow } from './history-rows';
import './history.css';

export function HistoryView({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<HistoryRow[]>();
  const importer = useConversationImport();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectButton = useRef<HTMLButtonElement>(null);
  // Leaving select mode unmounts the button that did it; focus goes back to "Select" instead of being lost.
  const refocusSelect = useRef(false);
  const open = useChatStore((s) => s.open);
  const current = useChatStore((s) => s.conversation?.id);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const found = query.trim()
        ? (await searchConversations(query)).map((r) => ({
            conversation: r.conversation,
            // A title hit is already shown (and marked) in the title itself.
            snippet: r.messageId ? `${r.snippet.before}${r.snippet.match}${r.snippet.after}` : undefined,
          }))
        : (await listConversations()).map((conversation) => ({ conversation }));
      if (live) setRows(found);
    };
    void load();
    const unsubscribe = onStorageChange(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [query]);

  /** Removes at once and offers an undo that puts back every record, messages included. */
  const remove = async (ids: string[]) => {
    const titleOf = (id: string) => rows?.find((r) => r.conversation.id === id)?.conversation.title || t('chat.untitled');
    const wasCurrent = current !== undefined && ids.includes(current);
    const removed = await removeConversations(ids);
    if (wasCurrent) useChatStore.getState().newChat();
    showUndoToast({
      message: ids.length === 1 ? t('history.deleted', { title: titleOf(ids[0]!) }) : t('history.deletedMany', { count: ids.length }),
      onUndo: async () => {
        await restoreConversations(removed);
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
      {selecting ? (
        <div className="row history-toolbar">
          <span className="history-count" role="status">
            {t('history.selected', { count: chosen.length })}
          </span>
          <Button variant="ghost" onClick={() => setSelected(new Set(rows?.map((r) => r.conversation.id)))}>
            {t('history.selectAll')}
          </Button>
          <IconButton
            label={t('history.exportSelected')}
            icon={<Download size={16} />}
            disabled={!chosen.length}
            onClick={() => void downloadExport(chosen)}
          />
          <IconButton
            label={t('history.deleteSelected')}
            variant="danger"
            icon={<Trash2 size={16} />}
            disabled={!chosen.length}
            onClick={() => {
              stopSelecting();
              void remove(chosen);
            }}
          />
          <Button variant="ghost" onClick={stopSelecting}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : (
        <div className="row history-toolbar">
          <Button variant="secondary" icon={<Download size={16} />} onClick={() => void downloadExport()}>
            {t('history.export')}
          </Button>
          <Button variant="secondary" icon={<Upload size={16} />} onClick={importer.choose}>
            {t('history.import')}
          </Button>
          <Button
            ref={selectButton}
            variant="ghost"
            icon={<CheckSquare size={16} />}
            disabled={!rows?.length}
            onClick={() => setSelecting(true)}
          >
            {t('history.select')}
          </Button>
        </div>
      )}
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
          onRename={async (id, title) => {
            await renameConversation(id, title);
            if (id === current) await open(id);
          }}
          onExport={(id) => void downloadExport([id])}
          onDelete={(id) => void remove([id])}
        />
      )}
    </section>
  );
}
