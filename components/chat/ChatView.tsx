import { type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../state/chat-store';
import { Composer } from './Composer';
import { ConversationLog } from './ConversationLog';
import { PageNotice } from '../page/PageNotice';
import { usePageTools } from '../page/use-page-tools';
import './composer.css';

export function ChatView({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  // Each piece of state on its own: the draft changes on every keystroke and must not re-render the conversation, and
  // an answer streaming in changes the messages on every frame, which only the log shows.
  const streaming = useChatStore((s) => s.messages.some((m) => m.status === 'streaming'));
  const notice = useChatStore((s) => s.notice);
  const stop = useChatStore((s) => s.stop);
  const page = usePageTools();

  // Escape stops the answer from the message box or the conversation; what else handles Escape there (a popover, an edit) goes first.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !streaming || e.defaultPrevented || e.nativeEvent.isComposing) return;
    const target = e.target as Element;
    if (target.closest('[popover], dialog') || !target.closest('.composer, .log')) return;
    e.preventDefault();
    stop();
  };

  return (
    <div className="chat" onKeyDown={onKeyDown}>
      <ConversationLog page={page} streaming={streaming} onOpenSettings={onOpenSettings} />
      <PageNotice tools={page} />
      <div role="status">{notice === 'busy-elsewhere' && <p className="notice">{t('chat.busyElsewhere')}</p>}</div>
      <Composer streaming={streaming} page={page} />
    </div>
  );
}
