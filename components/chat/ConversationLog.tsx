import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown } from 'lucide-react';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { IconButton } from '../ui/IconButton';
import { Onboarding } from './on-demand-parts';
import type { PageTools } from '../page/use-page-tools';
import { MessageList } from './MessageList';
import { EmptyChat } from './EmptyChat';
import { ProviderRefusals } from './ProviderRefusals';
import { AnswerAnnouncer } from './AnswerAnnouncer';
import { useScrollKeeper } from './use-scroll-keeper';
import { loadMessageItem } from '../startup/message-view-loaders';
import { useModule } from '../common/use-module';

/**
 * The conversation as a log, with "scroll to latest" and the finished answer's announcement: the one part of the chat
 * that re-renders as an answer streams in, on every frame. The message box beside it does not.
 */
export function ConversationLog({
  page,
  streaming,
  onOpenSettings,
}: {
  page: PageTools;
  /** An answer is streaming in: ChatView's one reading of it, shared with the message box. */
  streaming: boolean;
  onOpenSettings(providerId?: string): void;
}) {
  const { t } = useTranslation();
  const messages = useChatStore((s) => s.messages);
  const conversationId = useChatStore((s) => s.conversation?.id);
  const providers = useProvidersStore((s) => s.providers);
  const loaded = useProvidersStore((s) => s.loaded);
  const log = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const scroll = useScrollKeeper(log, content, conversationId, last?.id);
  // An empty chat shows no message: the message view, its actions and speech load with the first one.
  const view = useModule(messages.length ? loadMessageItem : undefined);
  // The messages are memoised; a new callback on every render of the app would defeat that.
  const settingsOpener = useRef(onOpenSettings);
  settingsOpener.current = onOpenSettings;
  const openSettings = useCallback(() => settingsOpener.current(), []);

  return (
    <>
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
    </>
  );
}
