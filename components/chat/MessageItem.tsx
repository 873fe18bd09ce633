import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { StoredMessage } from '../../lib/core/conversation';
import { ErrorNotice } from '../common/ErrorNotice';
import { IconButton } from '../ui/IconButton';
import { showUndoToast } from '../ui/toast';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { CopyButton } from './CopyButton';
import { ContextChips } from './ContextChips';
import { MessageImages } from './on-demand-parts';
import { AnswerSpeech } from '../speech/AnswerSpeech';
import { AnswerBody } from './AnswerBody';
import { MessageEditForm } from './MessageEditForm';
import { MessageMeta } from './MessageMeta';
import { useLastScreen } from '../startup/use-last-screen';
import './messages.css';

interface Props {
  message: StoredMessage;
  isLast: boolean;
  /** An answer is being written in this conversation: nothing may change under it. */
  busy: boolean;
  onOpenSettings?: () => void;
}

const regenerate = () => void useChatStore.getState().regenerate(useProvidersStore.getState().selected);

/**
 * One turn of the conversation: the user's in a bubble at the inline end, the
 * assistant's full width. Its actions are icon buttons shown on hover and on
 * keyboard focus. Memoised: typing in the composer or a token streaming into
 * another message does not re-render it.
 */
export const MessageItem = memo(function MessageItem({ message, isLast, busy, onOpenSettings }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.content);
  const [details, setDetails] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editBox = useRef<HTMLTextAreaElement>(null);
  const article = useRef<HTMLElement>(null);
  /** Where focus goes once the edit box closes. */
  const afterEdit = useRef(false);
  const mine = message.role === 'user';
  const streaming = message.status === 'streaming';
  // A notice that appears while the user watches the answer is announced; one stored with it, shown again when the
  // conversation is reopened (or this view is mounted again), is not.
  const watched = useRef(streaming);
  if (streaming) watched.current = true;
  const stopped = message.error?.code === 'aborted';
  // A failed or cut-off answer offers Retry in its notice, so Regenerate would be the same button twice.
  const failure = message.error && !stopped ? message.error : undefined;
  const retry = failure && isLast && !busy ? regenerate : undefined;
  useLastScreen(article, isLast ? message : undefined, busy);

  useEffect(() => {
    if (editing) editBox.current?.focus();
    else if (afterEdit.current) {
      afterEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const closeEdit = () => {
    afterEdit.current = true;
    setEditing(false);
  };

  const remove = async () => {
    const removed = await useChatStore.getState().deleteMessage(message.id);
    if (removed) showUndoToast({ message: t('messages.deleted'), onUndo: () => void useChatStore.getState().restoreMessage(removed) });
  };

  return (
    <article
      ref={article}
      className={`message message-${message.role}${isLast ? ' message-last' : ''}`}
      aria-label={mine ? t('chat.you') : t('chat.assistant')}
      aria-busy={streaming}
      data-message-id={message.id}
    >
      {message.context && <ContextChips blocks={message.context} />}
      {message.images?.length ? <MessageImages images={message.images} /> : null}
      {editing ? (
        <MessageEditForm messageId={message.id} text={text} onText={setText} box={editBox} onClose={closeEdit} />
      ) : mine ? (
        <p className="message-text" dir="auto">
          {message.content}
        </p>
      ) : (
        <AnswerBody message={message} />
      )}
      {message.status === 'incomplete' && <p className="message-flag">{stopped ? t('chat.stopped') : t('chat.incomplete')}</p>}
      {failure && <ErrorNotice error={failure} onRetry={retry} onOpenSettings={onOpenSettings} live={watched.current} />}
      {!editing && (
        <div className="message-actions">
          {!streaming && message.content && <CopyButton text={message.content} />}
          {mine && (
            <IconButton
              ref={editButton}
              size="sm"
              label={t('chat.edit')}
              icon={<Pencil />}
              // Kept (not removed) while an answer is written, so focus returning here after an edit is never lost.
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                setText(message.content);
                setEditing(true);
              }}
            />
          )}
          {!mine && <AnswerSpeech message={message} />}
          {!mine && isLast && !busy && !retry && (
            <IconButton size="sm" label={t('chat.regenerate')} icon={<RefreshCw />} onClick={regenerate} />
          )}
          {!streaming && !busy && <IconButton size="sm" label={t('messages.delete')} icon={<Trash2 />} onClick={() => void remove()} />}
          {!streaming && (
            <IconButton
              size="sm"
              label={t('messages.details')}
              icon={<Info />}
              pressed={details}
              onClick={() => setDetails((shown) => !shown)}
            />
          )}
        </div>
      )}
      {details && !streaming && <MessageMeta message={message} />}
    </article>
  );
});
