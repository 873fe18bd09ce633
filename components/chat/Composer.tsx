import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';
import { DictationButton } from '../speech/DictationButton';

export function Composer({ streaming }: { streaming: boolean }) {
  const { t } = useTranslation();
  const { draft, setDraft, send, stop, pendingContext } = useChatStore();
  const selected = useProvidersStore((s) => s.selected);
  const box = useRef<HTMLTextAreaElement>(null);
  const canSend = !streaming && !!selected && (draft.trim().length > 0 || pendingContext.length > 0);

  const submit = async () => {
    if (!canSend) return;
    await send(draft, selected);
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composition's Enter confirms the characters; it must not send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={box}
        className="composer-input"
        dir="auto"
        aria-label={t('chat.message')}
        placeholder={selected ? t('chat.placeholder') : t('chat.placeholderNoModel')}
        value={draft}
        rows={3}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        <DictationButton input={box} />
        {streaming ? (
          <button type="button" className="button button-danger" onClick={stop}>
            {t('chat.stop')}
          </button>
        ) : (
          <button type="submit" className="button button-primary" disabled={!canSend}>
            {t('chat.send')}
          </button>
        )}
      </div>
    </form>
  );
}
