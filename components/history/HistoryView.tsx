import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@/lib/core/conversation';
import { inertText } from '@/lib/core/inert-text';
import { deleteConversation, listConversations, renameConversation, searchConversations } from '@/lib/storage/conversations';
import { onStorageChange } from '@/lib/storage/change-feed';
import { exportConversations, importConversations, summarizeImport, type ImportSummary } from '@/lib/storage/export';
import { useChatStore } from '../state/chat-store';

interface Row {
  conversation: Conversation;
  snippet?: string;
}

export function HistoryView({ onOpen }: { onOpen(): void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [renaming, setRenaming] = useState<string>();
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [pendingImport, setPendingImport] = useState<{ doc: unknown; summary: ImportSummary }>();
  const fileInput = useRef<HTMLInputElement>(null);
  const open = useChatStore((s) => s.open);
  const current = useChatStore((s) => s.conversation?.id);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  useEffect(() => {
    let live = true;
    const load = async () => {
      const found = query.trim()
        ? (await searchConversations(query)).map((r) => ({
            conversation: r.conversation,
            snippet: r.snippet && `${r.snippet.before}${r.snippet.match}${r.snippet.after}`,
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

  const download = async () => {
    const doc = await exportConversations();
    const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `parley-conversations-${new Date().toISOString().slice(0, 10)}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  /** A file is read and summarised first; nothing is imported until the user has seen what it adds. */
  const review = async (file: File) => {
    setNotice(undefined);
    try {
      const doc: unknown = JSON.parse(await file.text());
      setPendingImport({ doc, summary: summarizeImport(doc) });
    } catch {
      setNotice({ ok: false, text: t('history.importFailed') });
    }
  };

  const confirmImport = async (doc: unknown) => {
    setPendingImport(undefined);
    try {
      const { imported } = await importConversations(doc);
      setNotice({ ok: true, text: t('history.imported', { count: imported }) });
    } catch {
      setNotice({ ok: false, text: t('history.importFailed') });
    }
  };

  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      <input
        type="search"
        className="search"
        aria-label={t('history.search')}
        placeholder={t('history.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="row">
        <button type="button" className="button" onClick={() => void download()}>
          {t('history.export')}
        </button>
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          {t('history.import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('history.importFile')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void review(file);
            e.target.value = '';
          }}
        />
      </div>
      {pendingImport && (
        <ImportReview
          summary={pendingImport.summary}
          onConfirm={() => void confirmImport(pendingImport.doc)}
          onCancel={() => setPendingImport(undefined)}
        />
      )}
      {notice && (
        <p className={`notice ${notice.ok ? 'notice-ok' : 'notice-error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {!rows.length && <p className="empty">{query ? t('history.noMatches') : t('history.empty')}</p>}
      <ul className="history-list">
        {rows.map(({ conversation: c, snippet }) => (
          <li key={c.id} className={c.id === current ? 'current' : undefined}>
            {renaming === c.id ? (
              <RenameForm
                initial={c.title}
                onDone={async (title) => {
                  if (title !== undefined) await renameConversation(c.id, title);
                  setRenaming(undefined);
                  if (c.id === current) await open(c.id);
                }}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="history-open"
                  onClick={async () => {
                    await open(c.id);
                    onOpen();
                  }}
                >
                  <span className="history-title">{c.title || t('chat.untitled')}</span>
                  <span className="history-date">{date.format(c.updatedAt)}</span>
                  {snippet && <span className="history-snippet">{snippet}</span>}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('history.rename', { title: c.title || t('chat.untitled') })}
                  onClick={() => setRenaming(c.id)}
                >
                  {t('history.renameShort')}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('history.delete', { title: c.title || t('chat.untitled') })}
                  onClick={async () => {
                    if (!confirm(t('history.confirmDelete', { title: c.title || t('chat.untitled') }))) return;
                    await deleteConversation(c.id);
                    if (c.id === current) useChatStore.getState().newChat();
                  }}
                >
                  {t('history.deleteShort')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RenameForm({ initial, onDone }: { initial: string; onDone(title: string | undefined): void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial);
  return (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        onDone(title.trim());
      }}
    >
      <input aria-label={t('history.newTitle')} value={title} autoFocus onChange={(e) => setTitle(e.target.value)} />
      <button type="submit" className="button button-primary">
        {t('common.save')}
      </button>
      <button type="button" className="button" onClick={() => onDone(undefined)}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

/** What an import would add: conversations, the system prompts it keeps, and the plugins it names but leaves off. */
export function ImportReview({ summary, onConfirm, onCancel }: { summary: ImportSummary; onConfirm(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <section className="card import-review" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('history.review.heading')}</h3>
      <p>{t('history.review.intro')}</p>
      <dl className="facts">
        <dt>{t('history.review.conversations')}</dt>
        <dd>{count.format(summary.conversations)}</dd>
        <dt>{t('history.review.systemPrompts')}</dt>
        <dd>{count.format(summary.systemPrompts)}</dd>
        <dt>{t('history.review.plugins')}</dt>
        <dd dir={summary.plugins.length ? 'ltr' : undefined}>
          {summary.plugins.length ? summary.plugins.map(inertText).join(', ') : t('history.review.noPlugins')}
        </dd>
      </dl>
      {summary.plugins.length > 0 && <p className="notice">{t('history.review.pluginsOff')}</p>}
      <div className="row">
        <button type="button" className="button button-primary" onClick={onConfirm}>
          {t('history.review.confirm')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
