import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { MessageList } from './MessageList';
import { EmptyChat } from './EmptyChat';
import { Onboarding } from './Onboarding';
import { PageNotice, usePageTools } from '../page/PageTools';
import './composer.css';

export function ChatView({ onOpenSettings }: { onOpenSettings(): void }) {
  const { t } = useTranslation();
  const { messages, regenerate, editAndResend, notice, stop } = useChatStore();
  const { selected, providers, loaded } = useProvidersStore();
  const log = useRef<HTMLDivElement>(null);
  const streaming = messages.some((m) => m.status === 'streaming');
  const last = messages.at(-1);
  const page = usePageTools();

  // Escape stops the answer from the message box or the conversation; what else handles Escape there (a popover, an edit) goes first.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !streaming || e.defaultPrevented || e.nativeEvent.isComposing) return;
    const target = e.target as Element;
    if (target.closest('[popover], dialog') || !target.closest('.composer, .log')) return;
    e.preventDefault();
    stop();
  };

  useEffect(() => {
    const el = log.current;
    // Follow the answer only while the reader is already at the bottom.
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 120) el.scrollTop = el.scrollHeight;
  }, [last?.content, messages.length]);

  return (
    <div className="chat" onKeyDown={onKeyDown}>
      <div className="log" role="log" aria-label={t('chat.conversation')} ref={log} tabIndex={0}>
        {loaded && !providers.length && !messages.length && <Onboarding onOpenSettings={onOpenSettings} />}
        {!messages.length && providers.length > 0 && <EmptyChat page={page} />}
        <MessageList
          messages={messages}
          scrollRef={log}
          renderMessage={(m) => (
            <MessageItem
              key={m.id}
              message={m}
              isLast={m === last}
              busy={streaming}
              onRegenerate={() => void regenerate(selected)}
              onEdit={(text) => void editAndResend(m.id, text, selected)}
            />
          )}
        />
      </div>
      <PageNotice tools={page} />
      <div role="status">{notice === 'busy-elsewhere' && <p className="notice">{t('chat.busyElsewhere')}</p>}</div>
      <Composer streaming={streaming} page={page} />
    </div>
  );
}
