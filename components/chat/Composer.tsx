import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageTools } from '../page/use-page-tools';
import { DictationNotes } from '../speech/DictationButton';
import { useDictation } from '../speech/use-dictation';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { ContextChips } from './ContextChips';
import { ComposerToolbar } from './ComposerToolbar';
import { useMenuCaptures } from '../images/capture';
import { useAttachments } from '../images/attachments-store';
import { isAttachable } from '../../lib/core/images';
import type { ModelRef, ProviderKind } from '../../lib/core/providers';
import { AttachmentNotice, ImageChips } from './on-demand-parts';
import { useSlashMenu } from './SlashMenu';
import './composer.css';

/**
 * Sends the draft, with the composer's images scaled for the model when there are any: the code that scales them
 * loads with the first image sent, so a text-only send does not wait for it.
 */
async function sendDraft(text: string, model: ModelRef, kind: ProviderKind | undefined): Promise<boolean> {
  if (!useAttachments.getState().images.length) {
    const sent = await useChatStore.getState().send(text, model);
    // A problem with an earlier attachment is over once a message went without it.
    if (sent) useAttachments.getState().setProblem(undefined);
    return sent;
  }
  return (await import('../images/send-images')).sendWithImages(text, model, kind);
}

/** The message box grows with its text up to this many pixels, then scrolls. */
const MAX_INPUT_HEIGHT = 160;

/**
 * A browser that sizes a box to its text itself (CSS `field-sizing`, composer.css) is left to: measuring here forces a
 * layout of the whole panel in the middle of a render, the first one included.
 */
const SIZES_ITSELF = typeof CSS !== 'undefined' && !!CSS.supports?.('field-sizing', 'content');

/** The box's height for its text: its content's, up to the cap. */
function fitHeight(box: HTMLTextAreaElement): void {
  if (SIZES_ITSELF) return;
  box.style.blockSize = 'auto';
  box.style.blockSize = `${Math.min(box.scrollHeight + (box.offsetHeight - box.clientHeight), MAX_INPUT_HEIGHT)}px`;
}

/**
 * The message box and what goes with it: the attached page and selection as
 * removable chips, and one row of tools (ComposerToolbar) ending in the
 * button that sends, or stops the answer.
 */
export function Composer({ streaming, page }: { streaming: boolean; page: PageTools }) {
  const { t } = useTranslation();
  // Each piece on its own: an answer streaming in changes the store on every frame, and must not re-render the box.
  const draft = useChatStore((s) => s.draft);
  const pendingContext = useChatStore((s) => s.pendingContext);
  const queued = useChatStore((s) => s.queued);
  const { setDraft, setQueued } = useChatStore.getState();
  const selected = useProvidersStore((s) => s.selected);
  const kind = useProvidersStore((s) => s.providers.find((p) => p.id === s.selected?.providerId)?.kind);
  const images = useAttachments((s) => s.images);
  const attachmentProblem = useAttachments((s) => !!s.problem);
  const [dropping, setDropping] = useState(false);
  useMenuCaptures(page.windowId);
  const modelsLoaded = useProvidersStore((s) => s.loaded);
  const box = useRef<HTMLTextAreaElement>(null);
  const dictation = useDictation(box);
  const slash = useSlashMenu(box, page);
  const hasMessage = draft.trim().length > 0 || pendingContext.length > 0 || images.length > 0;
  const canSend = !streaming && !!selected && hasMessage;

  useLayoutEffect(() => {
    if (box.current) fitHeight(box.current);
  }, [draft]);

  // A message sent before the models have loaded waits for one rather than being dropped: it then goes, images and
  // all, the way any other send does.
  useEffect(() => {
    if (!queued || !selected || streaming) return;
    setQueued(false);
    void sendDraft(useChatStore.getState().draft, selected, kind).then(() => box.current?.focus());
  }, [queued, selected, streaming, kind, setQueued]);

  const submit = async () => {
    if (!selected && !streaming && hasMessage) return setQueued(true);
    if (!canSend) return;
    await sendDraft(draft, selected, kind);
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(e)) return;
    // An IME composition's Enter confirms the characters; it must not send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className={dropping ? 'composer composer-dropping' : 'composer'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        setDropping(false);
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        void useAttachments.getState().add(e.dataTransfer.files);
      }}
    >
      {pendingContext.length > 0 && (
        <ContextChips
          blocks={pendingContext}
          onRemove={(i) => useChatStore.setState({ pendingContext: pendingContext.filter((_, j) => j !== i) })}
        />
      )}
      {images.length > 0 && <ImageChips />}
      {attachmentProblem && <AttachmentNotice />}
      {slash.menu}
      <textarea
        ref={box}
        className="composer-input"
        dir="auto"
        aria-label={t('chat.message')}
        placeholder={selected || !modelsLoaded ? t('chat.placeholder') : t('chat.placeholderNoModel')}
        value={draft}
        rows={1}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          const files = [...e.clipboardData.files].filter(isAttachable);
          if (!files.length) return;
          e.preventDefault();
          void useAttachments.getState().add(files);
        }}
        {...slash.boxProps}
      />
      {slash.note}
      <DictationNotes dictation={dictation} />
      <div role="status" className="composer-queued">
        {queued && <p className="notice">{t('chat.queued')}</p>}
      </div>
      <ComposerToolbar page={page} dictation={dictation} queued={queued} streaming={streaming} canSend={canSend} />
    </form>
  );
}
