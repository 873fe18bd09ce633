import { useCallback, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown } from 'lucide-react';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { IconButton } from '../ui/IconButton';
import { Onboarding } from '../app/on-demand';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { EmptyChat } from './EmptyChat';
import { ProviderRefusals } from './ProviderRefusals';
import { AnswerAnnouncer } from './AnswerAnnouncer';
import { useScrollKeeper } from './use-scroll-keeper';
import { loadMessageItem } from './message-view-loaders';
import { useModule } from '../common/use-module';
import { PageNotice, usePageTools } from '../page/PageTools';
import './composer.css';

export function ChatView({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  // Each piece of state on its own: the draft changes on every keystroke and must not re-render the conversation.
  const messages = useChatStore((s) => s.messages);
  const notice = useChatStore((s) => s.notice);
  const stop = useChatStore((s) => s.stop);
  const conversationId = useChatStore((s) => s.conversation?.id);
  const providers = useProvidersStore((s) => s.providers);
  const loaded = useProvidersStore((s) => s.loaded);
  const log = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const streaming = messages.some((m) => m.status === 'streaming');
  const last = messages.at(-1);
  const page = usePageTools();
  const scroll = useScrollKeeper(log, content, conversationId, last?.id);
  // An empty chat shows no message: the message view, its actions and speech load with the first one.
  const view = useModule(messages.length ? loadMessageItem : undefined);
  // The messages are memoised; a new callback on every render of the app would defeat that.
  const settingsOpener = useRef(onOpenSettings);
  settingsOpener.current = onOpenSettings;
  const openSettings = useCallback(() => settingsOpener.current(), []);

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
      <div className="log-frame">
        {/* Not a live region: a finished answer is announced once, by AnswerAnnouncer, not token by token. */}
        <div className="log" role="log" aria-live="off" aria-label={t('chat.conversation')} ref={log} tabIndex={0}>
          <div className="log-content" ref={content}>
            {loaded && !providers.length && !messages.length && <Onboarding onOpenSettings={onOpenSettings} />}
            {!messages.length && providers.length > 0 && <EmptyChat page={page} />}
            {!messages.length && <ProviderRefusals onOpenSettings={onOpenSettings} />}
            {messages.length > 0 && view && (
              <MessageList
                messages={messages}
                scrollRef={log}
                startAt={scroll.startAt}
                renderMessage={(m) => (
                  <view.MessageItem key={m.id} message={m} isLast={m === last} busy={streaming} onOpenSettings={openSettings} />
                )}
              />
            )}
          </div>
        </div>
        {scroll.away && (
          <IconButton
            className="scroll-latest"
            variant="solid"
            label={t('messages.scrollToLatest')}
            icon={<ArrowDown />}
            onClick={scroll.toLatest}
          />
        )}
      </div>
      <AnswerAnnouncer messages={messages} />
      <PageNotice tools={page} />
      <div role="status">{notice === 'busy-elsewhere' && <p className="notice">{t('chat.busyElsewhere')}</p>}</div>
      <Composer streaming={streaming} page={page} />
    </div>
  );
}
