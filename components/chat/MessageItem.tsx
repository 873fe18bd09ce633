import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredMessage } from '@/lib/core/conversation';
import { Markdown } from '../markdown';
import { ErrorNotice } from '../common/ErrorNotice';
import { CopyButton } from './CopyButton';
import { ContextChips } from './ContextChips';
import { ToolSteps } from './ToolSteps';
import { PluginOutputs } from '../app/on-demand';
import { AnswerSpeech } from '../speech/AnswerSpeech';

interface Props {
  message: StoredMessage;
  isLast: boolean;
  busy: boolean;
  onRegenerate(): void;
  onEdit(text: string): void;
}

export function MessageItem({ message, isLast, busy, onRegenerate, onEdit }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.content);
  const mine = message.role === 'user';
  const streaming = message.status === 'streaming';
  const stopped = message.error?.code === 'aborted';
  // A failed or cut-off answer offers Retry in its notice, so Regenerate would be the same button twice.
  const failure = message.error && !stopped ? message.error : undefined;
  const retry = failure && isLast && !busy ? onRegenerate : undefined;

  return (
    <article className={`message message-${message.role}`} aria-label={mine ? t('chat.you') : t('chat.assistant')} aria-busy={streaming}>
      {message.context && <ContextChips blocks={message.context} />}
      {editing ? (
        <form
          className="message-edit"
          onSubmit={(e) => {
            e.preventDefault();
            setEditing(false);
            onEdit(text);
          }}
        >
          <textarea aria-label={t('chat.editMessage')} value={text} onChange={(e) => setText(e.target.value)} rows={3} />
          <div className="row">
            <button type="submit" className="button button-primary" disabled={!text.trim()}>
              {t('chat.saveAndSend')}
            </button>
            <button type="button" className="button" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : mine ? (
        <p className="message-text" dir="auto">
          {message.content}
        </p>
      ) : (
        <>
          <ToolSteps steps={message.steps ?? []} waitingIn={streaming ? message.conversationId : undefined} />
          {!!message.steps?.length && <PluginOutputs message={message} />}
          <Markdown text={message.content} streaming={streaming} />
          <AnswerSpeech message={message} />
          {streaming && !message.content && <p className="typing">{t('chat.thinking')}</p>}
        </>
      )}
      {message.status === 'incomplete' && <p className="message-flag">{stopped ? t('chat.stopped') : t('chat.incomplete')}</p>}
      {failure && <ErrorNotice error={failure} onRetry={retry} />}
      {!editing && !streaming && (
        <div className="message-actions">
          {message.content && <CopyButton text={message.content} />}
          {mine && !busy && (
            <button
              type="button"
              className="icon-button"
              onClick={() => {
                setText(message.content);
                setEditing(true);
              }}
            >
              {t('chat.edit')}
            </button>
          )}
          {!mine && isLast && !busy && !retry && (
            <button type="button" className="icon-button" onClick={onRegenerate}>
              {t('chat.regenerate')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
