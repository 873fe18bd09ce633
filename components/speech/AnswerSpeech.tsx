import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Square, Volume2 } from 'lucide-react';
import type { StoredMessage } from '../../lib/core/conversation';
import { followAnswer, mayAutoRead, readAnswer, stopReading, useAnswerSpeech } from './answer-speech';
import { SpeechErrorNotice } from './SpeechErrorNotice';
import { useChatStore } from '../state/chat-store';
import { useSpeechSettings } from './use-speech-settings';
import { IconButton } from '../ui/IconButton';
import './speech.css';

/**
 * "Read aloud" for one assistant answer, toggling to "Stop reading"; with
 * auto-read on, a new answer is read as it streams in.
 */
export function AnswerSpeech({ message }: { message: StoredMessage }) {
  const { t, i18n } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const reading = useAnswerSpeech((s) => s.messageId === message.id);
  const failure = useAnswerSpeech((s) => (s.failure?.messageId === message.id ? s.failure.error : undefined));
  const [settings] = useSpeechSettings();
  // The chat's persona as recorded when it was started (an id, looked up when reading starts, so an edit is heard).
  const personaId = useChatStore((s) => (s.conversation?.id === message.conversationId ? s.conversation.persona : undefined));
  const streaming = message.status === 'streaming';
  const autoRead = !!settings?.autoRead;

  const start = () =>
    void readAnswer({
      messageId: message.id,
      markdown: message.content,
      complete: message.status !== 'streaming',
      root: () => anchor.current?.closest('article')?.querySelector('.md'),
      language: i18n.language,
      ...(personaId ? { personaId } : {}),
    });

  useEffect(() => {
    followAnswer(message.id, message.content, !streaming);
  }, [message.id, message.content, streaming]);

  useEffect(() => {
    if (streaming && autoRead && mayAutoRead(message.id)) start();
    // Only the start of streaming (or turning auto-read on mid-answer) starts a reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [streaming, autoRead, message.id]);

  const canRead = !streaming && !!message.content.trim();
  return (
    <div className="message-speech" ref={anchor}>
      {reading ? (
        <IconButton size="sm" label={t('speech.stopReading')} icon={<Square />} onClick={stopReading} />
      ) : (
        canRead && <IconButton size="sm" label={t('speech.readAloud')} icon={<Volume2 />} onClick={start} />
      )}
      {failure && !reading && <SpeechErrorNotice error={failure} />}
    </div>
  );
}
