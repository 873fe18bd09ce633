import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatFailure, toChatError, type ChatError } from '@/lib/core/errors';
import { request } from '@/lib/messaging/client';
import type { ReaderCommand } from '@/lib/messaging/reader-protocol';
import { currentWindowId } from '@/lib/page/active-tab';
import { READING_RATES } from '@/lib/reader/rate';
import { useErrorText } from '../common/use-error-text';
import { ReaderIcon } from './icons';
import { useReaderState } from './use-reader-state';
import './reader.css';

/** Codes the reader explains in its own words; a voice service's failures get the shared explanation. */
const EXPLAINED = new Set<ChatError['code']>(['forbidden', 'not-found', 'unsupported', 'timeout']);

/**
 * The panel's read-aloud bar: starts reading the active tab and, while a
 * reading runs (started here, from the context menu or before the panel
 * opened), shows where it is and offers the controls. Reading itself lives
 * in the background, so closing the panel does not stop it.
 */
export function ReaderBar() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [state, setState] = useReaderState();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<ChatError>();
  const speedId = useId();

  const run = async (call: () => Promise<typeof state>) => {
    setFailure(undefined);
    try {
      const next = await call();
      if (next) setState(next);
    } catch (e) {
      const error = e instanceof ChatFailure ? e.error : toChatError(e);
      if (error.code !== 'aborted') setFailure(error);
    }
  };

  const start = async () => {
    setStarting(true);
    await run(async () => request('reader.start', { windowId: await currentWindowId() }));
    setStarting(false);
  };
  const send = (command: ReaderCommand) => void run(() => request('reader.control', command));

  const status = state?.status ?? 'idle';
  const active = status !== 'idle';
  const rate = state?.rate ?? 1;
  const error = failure ?? (active ? undefined : state?.error);
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  return (
    <section className="reader-bar" aria-label={t('reader.title')}>
      <div className="reader-controls">
        {!active ? (
          <button type="button" className="icon-button reader-start" disabled={starting} onClick={() => void start()}>
            <ReaderIcon name="speaker" />
            {t('reader.readPage')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label={t('reader.previous')}
              title={t('reader.previous')}
              disabled={state!.index === 0}
              onClick={() => send({ action: 'previous' })}
            >
              <ReaderIcon name="previous" />
            </button>
            {status === 'playing' ? (
              <button
                type="button"
                className="icon-button"
                aria-label={t('reader.pause')}
                title={t('reader.pause')}
                onClick={() => send({ action: 'pause' })}
              >
                <ReaderIcon name="pause" />
              </button>
            ) : (
              <button
                type="button"
                className="icon-button"
                aria-label={t('reader.resume')}
                title={t('reader.resume')}
                onClick={() => send({ action: 'resume' })}
              >
                <ReaderIcon name="play" />
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={t('reader.next')}
              title={t('reader.next')}
              disabled={state!.index + 1 >= state!.total}
              onClick={() => send({ action: 'next' })}
            >
              <ReaderIcon name="next" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('reader.stop')}
              title={t('reader.stop')}
              onClick={() => send({ action: 'stop' })}
            >
              <ReaderIcon name="stop" />
            </button>
          </>
        )}
        <span className="reader-speed">
          <label htmlFor={speedId}>{t('reader.speed')}</label>
          <select id={speedId} value={String(rate)} onChange={(e) => send({ action: 'rate', rate: Number(e.target.value) })}>
            {READING_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {t('reader.rate', { rate: format.format(r) })}
              </option>
            ))}
          </select>
        </span>
      </div>
      {active && state && (
        <>
          <p className="reader-status">
            {t(status === 'paused' ? 'reader.pausedAt' : 'reader.readingAt', { current: state.index + 1, total: state.total })}
          </p>
          <p className="reader-sentence">{state.text}</p>
        </>
      )}
      {error && error.code !== 'aborted' && (
        <p className="reader-error" role="alert">
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
      )}
    </section>
  );
}
