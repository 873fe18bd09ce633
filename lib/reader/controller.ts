import { ChatFailure, chatError, toChatError, type ChatError } from '../core/errors';
import type { BackgroundToPage, PageToBackground, ReaderCommand, ReaderState } from './reading-messages';
import type { SpeechEngine } from '../speech/engine';
import type { ControlLabels } from './control-labels';
import type { ReadTarget } from './menu';
import { progressText } from './control-numbers';
import { clampRate } from './rate';
import { ReadingSession, type ReadingState } from './session';

/** The content script of one frame, reached over a port; closing it ends the page's part. */
export interface PageLink {
  post(message: BackgroundToPage): void;
  onMessage(listener: (message: PageToBackground) => void): void;
  /** The page went away: tab closed, navigated, or the frame was reloaded. */
  onClose(listener: () => void): void;
  close(): void;
}

export interface ReaderControllerDeps {
  /** Injects the content script into the frame and opens a link to it; fails with a ChatFailure. */
  connect(target: ReadTarget): Promise<PageLink>;
  /** An engine speaking text in `lang` (the page's language). */
  createEngine(lang: string): SpeechEngine;
  /** The voice the user chose for this engine; '' lets the engine pick one for the page's language. */
  voice: string;
  /** Tells open panels. */
  publish(state: ReaderState): void;
  /** Holds the service worker up; returns the release. */
  keepAlive(): () => void;
  /** The page took too long to find its text. */
  prepareTimeoutMs?: number;
  /** How long the page's control waits for the voice to start before it shows anyway. */
  showWithoutVoiceMs?: number;
  /** The page's control speaks Parley's interface language; without this, the browser's. */
  controlLabels?(): Promise<ControlLabels>;
}

interface Reading {
  target: ReadTarget;
  /** The language of the page control's labels, for its numbers; undefined: the browser's. */
  labelsLang: string | undefined;
  link: PageLink;
  sentences: readonly string[];
  session: ReadingSession;
  release(): void;
  /** The page closed its end; nothing more can be sent to it. */
  gone: boolean;
  /** The page has been told to show the control and highlight; until then it draws nothing. */
  shown: boolean;
  /** Shows the page if the voice has not started by then. */
  showAnyway: ReturnType<typeof setTimeout>;
}

const PREPARE_TIMEOUT_MS = 20_000;
/**
 * Long enough for a browser voice to start on a busy two-core machine, short
 * enough that a voice which never reports its start, or a cloud voice still
 * synthesising, leaves the page without a way to stop for no more than a blink.
 */
const SHOW_WITHOUT_VOICE_MS = 250;

type Prepared = Extract<PageToBackground, { type: 'prepared' }>;

function waitForPrepared(link: PageLink, timeoutMs: number): Promise<Prepared> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChatFailure(chatError('timeout', 'The page did not report its text in time.'))), timeoutMs);
    link.onMessage((message) => {
      if (message.type !== 'prepared') return;
      clearTimeout(timer);
      resolve(message);
    });
    link.onClose(() => {
      clearTimeout(timer);
      reject(new ChatFailure(chatError('aborted', 'The page went away before reading started.')));
    });
  });
}

/**
 * One reading at a time, in one frame of one tab. Starting another reading
 * ends the current one; the page going away ends it too. Every state change
 * goes both to the page (highlight, floating control) and to open panels.
 * The page first draws when the voice starts: drawing the control and the
 * highlight is a long task in the page's renderer, and done while the voice
 * engine starts up it delays the first audio on a machine with few cores.
 */
export class ReaderController {
  private reading: Reading | undefined;
  private rate = 1;
  private lastError: ChatError | undefined;
  /** Bumped by every start, so a slow start overtaken by a newer one gives up. */
  private starts = 0;

  constructor(private readonly deps: ReaderControllerDeps) {}

  state(): ReaderState {
    const reading = this.reading;
    if (!reading) {
      return { status: 'idle', index: 0, total: 0, text: '', rate: this.rate, ...(this.lastError ? { error: this.lastError } : {}) };
    }
    const s = reading.session.state;
    return { ...s, text: reading.sentences[s.index] ?? '', tabId: reading.target.tabId };
  }

  async start(target: ReadTarget): Promise<ReaderState> {
    const attempt = ++this.starts;
    this.reading?.session.stop();
    this.lastError = undefined;
    let link: PageLink | undefined;
    try {
      // The labels are read while the page is scripted: both come before the first audio.
      const labelsRead = this.deps.controlLabels?.().catch(() => undefined);
      link = await this.deps.connect(target);
      const labels = await labelsRead;
      const prepared = waitForPrepared(link, this.deps.prepareTimeoutMs ?? PREPARE_TIMEOUT_MS);
      link.post({ type: 'prepare', from: target.from, ...(labels ? { labels } : {}) });
      const page = await prepared;
      if (!page.sentences.length) throw new ChatFailure(chatError('not-found', 'The page has no readable text.'));
      if (attempt !== this.starts) {
        link.close();
        return this.state();
      }
      this.begin(target, link, page, labels?.lang);
      return this.state();
    } catch (error) {
      link?.close();
      if (attempt === this.starts) {
        this.lastError = toChatError(error);
        this.deps.publish(this.state());
      }
      throw error;
    }
  }

  command(command: ReaderCommand): ReaderState {
    if (command.action === 'rate') this.rate = clampRate(command.rate);
    const session = this.reading?.session;
    if (session) {
      switch (command.action) {
        case 'pause':
          session.pause();
          break;
        case 'resume':
          session.resume();
          break;
        case 'stop':
          session.stop();
          break;
        case 'previous':
          session.previous();
          break;
        case 'next':
          session.next();
          break;
        case 'jump':
          session.jump(command.index);
          break;
        case 'rate':
          session.setRate(this.rate);
          break;
      }
    } else if (command.action === 'rate') {
      this.deps.publish(this.state());
    }
    return this.state();
  }

  private begin(target: ReadTarget, link: PageLink, { sentences, start, lang }: Prepared, labelsLang: string | undefined): void {
    const session = new ReadingSession({
      engine: this.deps.createEngine(lang),
      sentences,
      voice: this.deps.voice,
      rate: this.rate,
      onState: (state) => this.changed(reading, state),
      onVoiceStart: () => this.showFirst(reading),
      onWord: (index, from, length) => {
        // A voice that reports words but not its start: the page highlights words only in a shown sentence.
        this.showFirst(reading);
        link.post({ type: 'word', index, start: from, length });
      },
      onError: (error) => {
        this.lastError = error;
        this.deps.publish(this.state());
      },
    });
    const reading: Reading = {
      target,
      link,
      labelsLang,
      sentences,
      session,
      release: this.deps.keepAlive(),
      gone: false,
      shown: false,
      showAnyway: setTimeout(() => this.showFirst(reading), this.deps.showWithoutVoiceMs ?? SHOW_WITHOUT_VOICE_MS),
    };
    this.reading = reading;
    link.onMessage((message) => {
      if (message.type === 'command' && this.reading === reading) this.command(message.command);
    });
    link.onClose(() => {
      reading.gone = true;
      session.stop();
    });
    session.play(start);
  }

  private changed(reading: Reading, state: ReadingState): void {
    if (this.reading !== reading) return;
    if (state.status === 'idle') {
      this.reading = undefined;
      clearTimeout(reading.showAnyway);
      reading.release();
      if (!reading.gone) reading.link.post({ type: 'end' });
      reading.link.close();
    } else if (reading.shown || state.status !== 'playing') {
      // Paused before the voice started (from a panel): the page shows at once, there is nothing to wait for.
      this.show(reading, state);
    }
    this.deps.publish(this.state());
  }

  private showFirst(reading: Reading): void {
    if (this.reading === reading && !reading.shown) this.show(reading, reading.session.state);
  }

  private show(reading: Reading, state: ReadingState): void {
    clearTimeout(reading.showAnyway);
    reading.shown = true;
    reading.link.post({ type: 'show', ...state, progress: progressText(reading.labelsLang, state.index, state.total) });
  }
}
