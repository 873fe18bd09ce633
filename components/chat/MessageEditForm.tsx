import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';

export interface MessageEditFormProps {
  messageId: string;
  text: string;
  onText(text: string): void;
  box: RefObject<HTMLTextAreaElement | null>;
  /** Closes the form, after a send or on Cancel or Escape. */
  onClose(): void;
}

/** A user message opened for editing: saving sends it again in place of what followed it. */
export function MessageEditForm({ messageId, text, onText, box, onClose }: MessageEditFormProps) {
  const { t } = useTranslation();
  return (
    <form
      className="message-edit"
      onSubmit={(e) => {
        e.preventDefault();
        onClose();
        void useChatStore.getState().editAndResend(messageId, text, useProvidersStore.getState().selected);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <textarea ref={box} dir="auto" aria-label={t('chat.editMessage')} value={text} onChange={(e) => onText(e.target.value)} rows={3} />
      <div className="row">
        <button type="submit" className="button button-primary" disabled={!text.trim()}>
          {t('chat.saveAndSend')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
