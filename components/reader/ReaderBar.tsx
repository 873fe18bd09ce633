import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pause, Play, SkipBack, SkipForward, Square, X } from 'lucide-react';
import type { ChatError } from '../../lib/core/errors';
import { formatNumber } from '../../lib/i18n/formats';
import { READING_RATES } from '../../lib/reader/rate';
import { useErrorText } from '../common/use-error-text';
import { IconButton } from '../ui/IconButton';
import { OtherEngineButton } from './OtherEngineButton';
import { controlReading, dismissReaderFailure, useReaderState, useReaderUi } from './reader-start';
import { ReaderVoice } from './ReaderVoice';
import './reader.css';

/** Codes the reader explains in its own words; a voice service's failures get the shared explanation. */
const EXPLAINED = new Set<ChatError['code']>(['forbidden', 'not-found', 'unsupported', 'timeout', 'stalled']);

/** `fresh`: the panel's own start or command just failed; an old failure the panel only heard about is not alerted. */
function ReaderError({ error, fresh, onDismiss }: { error: ChatError; fresh: boolean; onDismiss(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div className="reader-error-row">
      <p className="reader-error" role={fresh ? 'alert' : 'status'}>
        {EXPLAINED.has(error.code) ? (
          t(`reader.errors.${error.code}`)
        ) : error.code === 'unknown' ? (
          t('reader.errors.failed')
        ) : (
          <>
            <strong>{errorText(error).title}</strong> {errorText(error).hint}
          </>
        )}
      </p>
      {/* The voice made no sound: the engine likely cannot speak here, so another is offered. */}
      {error.code === 'stalled' && <OtherEngineButton />}
      <IconButton label={t('page.dismiss')} icon={<X size={16} />} size="sm" onClick={onDismiss} />
    </div>
  );
}

/**
 * The panel's reading bar: while a reading runs (started from the composer,
 * the empty chat, the context menu or before the panel opened) one compact
 * row shows where it is and offers the controls; otherwise it is gone, but
 * for why a reading failed. Reading itself lives in the background, so
 * closing the panel does not stop it.
 */
export function ReaderBar() {
  const { t, i18n } = useTranslation();
  const state = useReaderState();
  const failure = useReaderUi((s) => s.failure);
  /** A failure the background published, once the user has read it. */
  const [dismissed, setDismissed] = useState<ChatError>();

  const status = state?.status ?? 'idle';
  const active = status !== 'idle';
  const published = active || state?.error === dismissed ? undefined : state?.error;
  const error = failure ?? published;

  if (!active || !state) {
    if (!error || error.code === 'aborted') return null;
    return (
      <section className="reader-bar" aria-label={t('reader.title')}>
        <ReaderError
          error={error}
          fresh={error === failure}
          onDismiss={() => {
            dismissReaderFailure();
            setDismissed(state?.error);
          }}
        />
      </section>
    );
  }

  const where = t(status === 'paused' ? 'reader.pausedAt' : 'reader.readingAt', { current: state.index + 1, total: state.total });
  return (
    <section className="reader-bar" aria-label={t('reader.title')}>
      <div className="reader-controls">
        <IconButton
          label={t('reader.previous')}
          icon={<SkipBack size={16} />}
          size="sm"
          tooltipSide="bottom"
          disabled={state.index === 0}
          onClick={() => controlReading({ action: 'previous' })}
        />
        {status === 'playing' ? (
          <IconButton
            label={t('reader.pause')}
            icon={<Pause size={16} />}
            size="sm"
            tooltipSide="bottom"
            onClick={() => controlReading({ action: 'pause' })}
          />
        ) : (
          <IconButton
            label={t('reader.resume')}
            icon={<Play size={16} />}
            size="sm"
            tooltipSide="bottom"
            onClick={() => controlReading({ action: 'resume' })}
          />
        )}
        <IconButton
          label={t('reader.next')}
          icon={<SkipForward size={16} />}
          size="sm"
          tooltipSide="bottom"
          disabled={state.index + 1 >= state.total}
          onClick={() => controlReading({ action: 'next' })}
        />
        <IconButton
          label={t('reader.stop')}
          icon={<Square size={14} />}
          size="sm"
          tooltipSide="bottom"
          onClick={() => controlReading({ action: 'stop' })}
        />
        <div className="reader-where" title={state.text}>
          <span className="visually-hidden">{where}</span>
          <span className="reader-count" aria-hidden="true">
            {formatNumber(i18n, state.index + 1)}/{formatNumber(i18n, state.total)}
          </span>
          <span className="reader-sentence" dir="auto">
            {state.text}
          </span>
        </div>
        <select
          className="reader-speed"
          aria-label={t('reader.speed')}
          title={t('reader.speed')}
          value={String(state.rate)}
          onChange={(e) => controlReading({ action: 'rate', rate: Number(e.target.value) })}
        >
          {READING_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {t('reader.rate', { rate: formatNumber(i18n, r, { maximumFractionDigits: 2 }) })}
            </option>
          ))}
        </select>
        <ReaderVoice />
      </div>
      {failure && <ReaderError error={failure} fresh onDismiss={dismissReaderFailure} />}
    </section>
  );
}
