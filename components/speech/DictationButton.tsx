import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatError } from '@/lib/core/errors';
import { useDictation } from './use-dictation';
import './speech.css';

/** Dictation failures with their own explanation; anything else gets the generic line. */
const EXPLAINED = new Set(['forbidden', 'not-found', 'network', 'unsupported', 'credential-missing', 'unauthorized']);

function DictationError({ error }: { error: ChatError }) {
  const { t } = useTranslation();
  const code = error.code;
  return (
    <p className="speech-error" role="alert">
      {EXPLAINED.has(code) ? t(`speech.dictation.errors.${code}`) : t('speech.dictation.errors.failed')}
    </p>
  );
}

/** The composer's microphone: "Dictate" / "Stop dictation", and the transcription fallback. */
export function DictationButton({ input }: { input: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const dictation = useDictation(input);
  const { phase } = dictation;
  const active = phase === 'listening' || phase === 'recording';

  return (
    <div className="dictation">
      {phase === 'permission' ? (
        <button type="button" className="button" onClick={dictation.cancel}>
          {t('common.cancel')}
        </button>
      ) : (
        <button
          type="button"
          className={`button${active ? ' dictation-listening' : ''}`}
          disabled={phase === 'transcribing'}
          onClick={dictation.toggle}
        >
          {phase === 'listening'
            ? t('speech.dictation.stop')
            : phase === 'recording'
              ? t('speech.dictation.stopRecording')
              : t('speech.dictation.start')}
        </button>
      )}
      <p className="dictation-status" aria-live="polite">
        {phase === 'listening' && t('speech.dictation.listening')}
        {phase === 'recording' && t('speech.dictation.recording')}
        {phase === 'transcribing' && t('speech.dictation.transcribing')}
        {phase === 'permission' && t('speech.dictation.permissionPending')}
      </p>
      {dictation.unsupported && (
        <div role="status">
          <p className="dictation-status">{t('speech.dictation.unsupported')}</p>
          <button type="button" className="button" onClick={dictation.record}>
            {t('speech.dictation.recordInstead')}
          </button>
        </div>
      )}
      {dictation.error && <DictationError error={dictation.error} />}
    </div>
  );
}
