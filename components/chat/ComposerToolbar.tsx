import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUp, FileText, Hourglass, SlidersHorizontal, Square, Volume2 } from 'lucide-react';
import type { PageTools } from '../page/use-page-tools';
import { startReading, useReaderState, useReaderUi } from '../reader/reader-start';
import { DictationButton, DictationStatus } from '../speech/DictationButton';
import type { Dictation } from '../speech/use-dictation';
import { useChatStore } from '../state/chat-store';
import { IconButton } from '../ui/IconButton';
import { PopoverButton } from '../ui/PopoverButton';
import { AttachImageButton } from '../images/AttachImageButton';
import { CaptureButtons } from '../images/CaptureButtons';
import { lazyView } from '../common/on-demand';

// The chat settings (and the plugin list they include) are not needed until the popover opens.
const ConversationOptions = lazyView(() => import('./ConversationOptions').then((m) => m.ConversationOptions));

/** "Chat settings": the conversation's system prompt, plugins and sampling, in a popover. */
function ChatSettingsButton() {
  const { t } = useTranslation();
  return (
    <PopoverButton label={t('options.title')} icon={<SlidersHorizontal size={18} />} tooltipSide="top" placement="top-start">
      <Suspense fallback={<p className="conversation-options">{t('common.loading')}</p>}>
        <ConversationOptions />
      </Suspense>
    </PopoverButton>
  );
}

/** One button where the send goes: cancel a send waiting for the models, stop the answer, or send. */
function SendButton({ queued, streaming, canSend }: { queued: boolean; streaming: boolean; canSend: boolean }) {
  const { t } = useTranslation();
  const { stop, setQueued } = useChatStore.getState();
  if (queued)
    return (
      <IconButton
        key="queued"
        label={t('chat.cancelQueued')}
        icon={<Hourglass size={18} />}
        variant="solid"
        tooltipSide="top"
        aria-busy
        onClick={() => setQueued(false)}
      />
    );
  if (streaming)
    return <IconButton key="stop" label={t('chat.stop')} icon={<Square size={16} />} variant="danger" tooltipSide="top" onClick={stop} />;
  return (
    <IconButton
      key="send"
      type="submit"
      label={t('chat.send')}
      icon={<ArrowUp size={18} />}
      variant="solid"
      tooltipSide="top"
      disabled={!canSend}
    />
  );
}

export interface ComposerToolbarProps {
  page: PageTools;
  dictation: Dictation;
  queued: boolean;
  streaming: boolean;
  canSend: boolean;
}

/** The composer's row of tools: use the page, read it aloud, images, chat settings, dictation, and the send button. */
export function ComposerToolbar({ page, dictation, ...send }: ComposerToolbarProps) {
  const { t } = useTranslation();
  const reading = (useReaderState()?.status ?? 'idle') !== 'idle';
  const startingReading = useReaderUi((s) => s.starting);
  return (
    <div className="composer-toolbar">
      <IconButton
        label={t('page.usePage')}
        icon={<FileText size={18} />}
        tooltipSide="top"
        pressed={page.following}
        disabled={page.windowId === undefined}
        onClick={page.toggle}
      />
      {!reading && (
        <IconButton
          label={t('reader.readPage')}
          icon={<Volume2 size={18} />}
          tooltipSide="top"
          disabled={startingReading}
          onClick={() => void startReading(page.windowId)}
        />
      )}
      <AttachImageButton />
      <CaptureButtons windowId={page.windowId} />
      <ChatSettingsButton />
      <DictationButton dictation={dictation} />
      <DictationStatus dictation={dictation} />
      <SendButton {...send} />
    </div>
  );
}
