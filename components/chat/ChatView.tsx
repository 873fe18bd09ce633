import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { Composer } from './Composer';
import { ConversationOptions } from './ConversationOptions';
import { MessageItem } from './MessageItem';
import { MessageList } from './MessageList';
import { ContextChips } from './ContextChips';
import { ProviderRefusals } from './ProviderRefusals';
import { PageTools } from '../page/PageTools';

// Only a panel with nothing set up shows first run; the others never load it.
const Onboarding = lazy(() => import('./Onboarding').then((m) => ({ default: m.Onboarding })));

export function ChatView({ onOpenSettings }: { onOpenSettings(providerId?: string): void }) {
  const { t } = useTranslation();
  const { messages, regenerate, editAndResend, pendingContext, notice } = useChatStore();
  const { selected, providers, loaded } = useProvidersStore();
  const log = useRef<HTMLDivElement>(null);
  const streaming = messages.some((m) => m.status === 'streaming');
  const last = messages.at(-1);

  useEffect(() => {
    const el = log.current;
    // Follow the answer only while the reader is already at the bottom.
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 120) el.scrollTop = el.scrollHeight;
  }, [last?.content, messages.length]);

  return (
    <div className="chat">
      <ConversationOptions />
      <div className="log" role="log" aria-label={t('chat.conversation')} ref={log} tabIndex={0}>
        {loaded && !providers.length && !messages.length && (
          <Suspense>
            <Onboarding onOpenSettings={onOpenSettings} />
          </Suspense>
        )}
        {!messages.length && providers.length > 0 && <p className="empty">{t('chat.empty')}</p>}
        {!messages.length && <ProviderRefusals onOpenSettings={onOpenSettings} />}
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
      {pendingContext.length > 0 && (
        <ContextChips
          blocks={pendingContext}
          onRemove={(i) => useChatStore.setState({ pendingContext: pendingContext.filter((_, j) => j !== i) })}
        />
      )}
      <PageTools />
      <div role="status">{notice === 'busy-elsewhere' && <p className="notice">{t('chat.busyElsewhere')}</p>}</div>
      <Composer streaming={streaming} />
    </div>
  );
}
