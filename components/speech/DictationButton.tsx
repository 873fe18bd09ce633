import { useTranslation } from 'react-i18next';
import { Mic, Square, X } from 'lucide-react';
import type { ChatError } from '../../lib/core/errors';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import type { Dictation } from './use-dictation';
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

/**
 * The composer's microphone: "Dictate", and "Stop dictation" / "Stop
 * recording" with a pulsing mark while it listens; "Cancel" while the
 * microphone permission is being asked for.
 */
export function DictationButton({ dictation }: { dictation: Dictation }) {
  const { t } = useTranslation();
  const { phase } = dictation;
  if (phase === 'permission')
    return <IconButton label={t('common.cancel')} icon={<X size={18} />} tooltipSide="top" onClick={dictation.cancel} />;
  const active = phase === 'listening' || phase === 'recording';
  return (
    <IconButton
      className={active ? 'dictation-listening' : undefined}
      label={
        phase === 'listening'
          ? t('speech.dictation.stop')
          : phase === 'recording'
            ? t('speech.dictation.stopRecording')
            : t('speech.dictation.start')
      }
      icon={active ? <Square size={14} /> : <Mic size={18} />}
      tooltipSide="top"
      disabled={phase === 'transcribing'}
      onClick={dictation.toggle}
    />
  );
}

/** What dictation is doing, in one short line that may be cut off but never pushes the composer's buttons around. */
export function DictationStatus({ dictation }: { dictation: Dictation }) {
  const { t } = useTranslation();
  const { phase } = dictation;
  const text =
    phase === 'listening'
      ? t('speech.dictation.listening')
      : phase === 'recording'
        ? t('speech.dictation.recording')
        : phase === 'transcribing'
          ? t('speech.dictation.transcribing')
          : '';
  return (
    <p className="dictation-status" aria-live="polite" title={text || undefined}>
      {text}
    </p>
  );
}

/** Longer notes (the permission tab, the transcription offer, failures), on their own line above the buttons. */
export function DictationNotes({ dictation }: { dictation: Dictation }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="dictation-note" aria-live="polite">
        {dictation.phase === 'permission' && t('speech.dictation.permissionPending')}
      </p>
      {dictation.unsupported && (
        <div role="status" className="dictation-note dictation-unsupported">
          <p>{t('speech.dictation.unsupported')}</p>
          <Button variant="secondary" icon={<Mic size={16} />} onClick={dictation.record}>
            {t('speech.dictation.recordInstead')}
          </Button>
        </div>
      )}
      {dictation.error && <DictationError error={dictation.error} />}
    </>
  );
}
