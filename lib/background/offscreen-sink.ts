import type { Browser } from 'wxt/browser';
import { ChatFailure, chatError } from '../core/errors';
import { isPlayerReport, type AudioMessage, type PlayerCommand, type PlayerReport } from '../messaging/speech-protocol';
import { bytesToBase64 } from '../core/base64';
import type { AudioSink, PlaybackHooks, SynthesizedAudio } from '../speech/audio-engine';

const OFFSCREEN_DOCUMENT = 'offscreen.html';
const PLAYER_CONNECT_TIMEOUT_MS = 10_000;
/** Audio sent ahead and not yet played; the player keeps at least as many. */
const MAX_PRELOADED = 4;

/** The browser's offscreen documents, as far as the sink needs them. */
export interface OffscreenDocuments {
  /** Whether a document is open (maybe left by a worker that has gone). */
  exists(): Promise<boolean>;
  close(): Promise<void>;
  /** Opens the player document, which then connects back on AUDIO_PORT. */
  create(): Promise<void>;
}

/** Chrome's offscreen API; Firefox has none and plays audio in its background page instead. */
const chromeOffscreenDocuments: OffscreenDocuments = {
  exists: async () => (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] })).length > 0,
  close: () => chrome.offscreen.closeDocument(),
  create: () =>
    chrome.offscreen.createDocument({
      url: OFFSCREEN_DOCUMENT,
      reasons: [chrome.offscreen.Reason.AUDIO_PLAYBACK],
      justification: 'Plays pages read aloud with cloud voices.',
    }),
};

const audioMessage = (audio: SynthesizedAudio): AudioMessage => ({
  audio: bytesToBase64(audio.bytes),
  mime: audio.mime,
  marks: audio.marks,
});

/**
 * Audio the background must play itself, for a page read aloud with a cloud
 * voice. A service worker has no audio, so it goes to the offscreen document,
 * created on first use; Chrome closes that document by itself once it has
 * been silent for a while, and the next playback opens it again.
 */
export class OffscreenSink implements AudioSink {
  private port: Browser.runtime.Port | undefined;
  private waiting: ((port: Browser.runtime.Port) => void)[] = [];
  private connecting: Promise<Browser.runtime.Port> | undefined;
  private nextId = 0;
  private readonly reports = new Map<number, (report: PlayerReport | undefined) => void>();
  /** Audio the player holds loaded, by the id it knows it by, on the port it was sent over. */
  private readonly preloaded = new Map<SynthesizedAudio, { id: number; port: Browser.runtime.Port }>();

  constructor(
    private readonly documents: OffscreenDocuments = chromeOffscreenDocuments,
    private readonly connectTimeoutMs = PLAYER_CONNECT_TIMEOUT_MS,
  ) {}

  attach(port: Browser.runtime.Port): void {
    this.port = port;
    port.onMessage.addListener((message: unknown) => {
      if (isPlayerReport(message)) this.reports.get(message.id)?.(message);
    });
    port.onDisconnect.addListener(() => {
      if (this.port === port) this.port = undefined;
      // Whatever was playing there is gone with the document.
      for (const report of [...this.reports.values()]) report(undefined);
    });
    for (const resolve of this.waiting.splice(0)) resolve(port);
  }

  /** Sends audio ahead to the document, once open; preloading alone never opens one. */
  preload(audio: SynthesizedAudio): void {
    const port = this.port;
    if (!port) {
      this.connecting?.then(() => this.preload(audio)).catch(() => undefined);
      return;
    }
    if (this.preloaded.has(audio)) return;
    const id = ++this.nextId;
    this.post({ type: 'preload', id, ...audioMessage(audio) });
    this.preloaded.set(audio, { id, port });
    for (const [old, entry] of this.preloaded) {
      if (this.preloaded.size <= MAX_PRELOADED) break;
      this.preloaded.delete(old);
      this.post({ type: 'stop', id: entry.id });
    }
  }

  async play(audio: SynthesizedAudio, signal: AbortSignal, hooks: PlaybackHooks): Promise<void> {
    const port = await this.connect();
    if (signal.aborted) return;
    const ahead = this.preloaded.get(audio);
    this.preloaded.delete(audio);
    // A document that closed since took its preloaded audio with it.
    const loaded = ahead?.port === port;
    const id = loaded ? ahead.id : ++this.nextId;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: ChatFailure) => {
        this.reports.delete(id);
        signal.removeEventListener('abort', stop);
        if (error) reject(error);
        else resolve();
      };
      const stop = () => {
        this.post({ type: 'stop', id });
        done();
      };
      this.reports.set(id, (report) => {
        if (!report) return done(new ChatFailure(chatError('aborted', 'The audio player closed.')));
        if (report.type === 'started') hooks.onStart?.();
        else if (report.type === 'mark') hooks.onMark?.(report.mark);
        else if (report.type === 'ended') done();
        else done(new ChatFailure(report.error));
      });
      signal.addEventListener('abort', stop, { once: true });
      port.postMessage(
        (loaded ? { type: 'play', id, preloaded: true } : { type: 'play', id, ...audioMessage(audio) }) satisfies PlayerCommand,
      );
    });
  }

  private post(command: PlayerCommand): void {
    try {
      this.port?.postMessage(command);
    } catch {
      // The document went away; there is nothing left to stop.
    }
  }

  private connect(): Promise<Browser.runtime.Port> {
    if (this.port) return Promise.resolve(this.port);
    // Two readings starting together share one document.
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<Browser.runtime.Port> {
    const connected = new Promise<Browser.runtime.Port>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChatFailure(chatError('timeout', 'The audio player did not start.'))),
        this.connectTimeoutMs,
      );
      this.waiting.push((port) => {
        clearTimeout(timer);
        resolve(port);
      });
    });
    // A document without a port outlived the worker that opened it; a fresh one connects to this worker.
    if (await this.documents.exists()) await this.documents.close().catch(() => undefined);
    await this.documents.create();
    return connected;
  }
}
