import { browser, type Browser } from 'wxt/browser';
import { ChatFailure, chatError } from '@/lib/core/errors';
import {
  AUDIO_PORT,
  type CloudEngineId,
  type PlayerCommand,
  type PlayerReport,
  type SpeechRequests,
  type VoiceGroup,
} from '@/lib/messaging/speech-protocol';
import { broadcast } from '@/lib/messaging/events';
import type { RequestHandlers } from '@/lib/messaging/server';
import { isTrustedSender } from '@/lib/messaging/senders';
import { base64ToBytes, bytesToBase64 } from '@/lib/speech/audio-bytes';
import {
  createAudioEngine,
  type AudioSink,
  type AudioSpeechEngine,
  type PlaybackHooks,
  type SynthesizedAudio,
} from '@/lib/speech/audio-engine';
import { createAudioElementPlayer } from '@/lib/speech/audio-player';
import type { SpeechEngine } from '@/lib/speech/engine';
import { chromeTtsVoices, createChromeTtsEngine } from '@/lib/speech/engines/chrome-tts';
import { edgeOriginRule } from '@/lib/speech/engines/edge-read-aloud';
import { SUPPORTED_LOCALES } from '@/lib/speech/locales';
import { recordingFileName } from '@/lib/speech/recorder';
import { loadSpeechSettings } from '@/lib/speech/speech-prefs';
import { CHUNK_LIMITS } from '@/lib/speech/cloud-engines';
import { createSpeechService, saveSpeechKeys, speechKeys } from '@/lib/speech/speech-service';
import type { SpeechSettings } from '@/lib/speech/speech-settings';
import { voiceFor } from '@/lib/speech/voice-for';
import { browserVoicesByLocale, neuralVoiceOptions, openaiVoiceOptions } from '@/lib/speech/voices';
import { credentialedFetch } from '@/lib/transport/secure-fetch';

const OFFSCREEN_DOCUMENT = 'offscreen.html';
/** Session rule id for the read-aloud Origin; the Ollama rules use 7000–7049. */
const EDGE_ORIGIN_RULE_ID = 7100;
const PLAYER_CONNECT_TIMEOUT_MS = 10_000;
const TRANSCRIBE_TIMEOUT_MS = 120_000;

const service = createSpeechService({
  fetch: credentialedFetch(),
  openSocket: (url) => new WebSocket(url),
});

/**
 * Audio the background must play itself, for a page read aloud with a cloud
 * voice. A service worker has no audio, so it goes to the offscreen document,
 * created on first use; Chrome closes that document by itself once it has
 * been silent for a while, and the next playback opens it again.
 */
class OffscreenSink implements AudioSink {
  private port: Browser.runtime.Port | undefined;
  private waiting: ((port: Browser.runtime.Port) => void)[] = [];
  private connecting: Promise<Browser.runtime.Port> | undefined;
  private nextId = 0;
  private readonly reports = new Map<number, (report: PlayerReport | undefined) => void>();

  attach(port: Browser.runtime.Port): void {
    this.port = port;
    port.onMessage.addListener((message: unknown) => {
      const report = message as PlayerReport;
      this.reports.get(report.id)?.(report);
    });
    port.onDisconnect.addListener(() => {
      if (this.port === port) this.port = undefined;
      // Whatever was playing there is gone with the document.
      for (const report of [...this.reports.values()]) report(undefined);
    });
    for (const resolve of this.waiting.splice(0)) resolve(port);
  }

  async play(audio: SynthesizedAudio, signal: AbortSignal, hooks: PlaybackHooks): Promise<void> {
    const port = await this.connect();
    if (signal.aborted) return;
    const id = ++this.nextId;
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
      port.postMessage({
        type: 'play',
        id,
        audio: bytesToBase64(audio.bytes),
        mime: audio.mime,
        marks: audio.marks,
      } satisfies PlayerCommand);
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
        PLAYER_CONNECT_TIMEOUT_MS,
      );
      this.waiting.push((port) => {
        clearTimeout(timer);
        resolve(port);
      });
    });
    // A document without a port outlived the worker that opened it; a fresh one connects to this worker.
    const existing = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] });
    if (existing.length) await chrome.offscreen.closeDocument().catch(() => undefined);
    await chrome.offscreen.createDocument({
      url: OFFSCREEN_DOCUMENT,
      reasons: [chrome.offscreen.Reason.AUDIO_PLAYBACK],
      justification: 'Plays pages read aloud with cloud voices.',
    });
    return connected;
  }
}

// Firefox's background plays audio itself; leaving the sink out keeps chrome.offscreen out of its bundle.
const offscreen = import.meta.env.FIREFOX ? undefined : new OffscreenSink();

/** Firefox's background is a page that can play audio itself; Chrome's worker needs the offscreen document. */
function backgroundSink(): AudioSink {
  if (typeof Audio === 'function' && typeof document !== 'undefined') return createAudioElementPlayer();
  if (!offscreen || !globalThis.chrome?.offscreen)
    throw new ChatFailure(chatError('unsupported', 'This browser cannot play audio from the background.'));
  return offscreen;
}

const cloudEngines = new Map<CloudEngineId, AudioSpeechEngine>();

function cloudEngine(engine: CloudEngineId): AudioSpeechEngine {
  let made = cloudEngines.get(engine);
  if (!made) {
    made = createAudioEngine({
      id: engine,
      listVoices: async (locale) =>
        engine === 'openai' ? openaiVoiceOptions((await loadSpeechSettings()).openai.model) : neuralVoiceOptions(locale),
      synthesize: (text, params, signal) => service.synthesize(engine, text, params, signal),
      sink: backgroundSink(),
      maxChunkLength: CHUNK_LIMITS[engine],
    });
    cloudEngines.set(engine, made);
  }
  return made;
}

let engineInUse: SpeechSettings['engine'] = 'browser';

/**
 * The engine the page reader speaks with: whichever the speech settings
 * name, looked up at every sentence so a change applies to the next one.
 * The reader's own speed multiplies the voice's speed from the settings.
 */
export function readerEngine(lang: string): SpeechEngine {
  return {
    get id() {
      return engineInUse;
    },
    async listVoices(locale) {
      const settings = await loadSpeechSettings();
      if (settings.engine === 'browser') return createChromeTtsEngine(chrome.tts).listVoices(locale);
      return cloudEngine(settings.engine).listVoices(locale);
    },
    async speak(text, options) {
      const settings = await loadSpeechSettings();
      engineInUse = settings.engine;
      const chosen = voiceFor(settings, settings.engine, { lang });
      const voice = options.voice || chosen.voice;
      const spoken = { ...options, voice, rate: (options.rate ?? 1) * chosen.rate, pitch: chosen.pitch };
      if (settings.engine !== 'browser') return cloudEngine(settings.engine).speak(text, spoken);
      if (!globalThis.chrome?.tts) throw new ChatFailure(chatError('unsupported', 'This browser has no chrome.tts.'));
      return createChromeTtsEngine(chrome.tts, { lang }).speak(text, spoken);
    },
  };
}

async function browserVoiceGroups(): Promise<VoiceGroup[]> {
  if (!globalThis.chrome?.tts) return [];
  const grouped = browserVoicesByLocale(await chromeTtsVoices(chrome.tts));
  return SUPPORTED_LOCALES.flatMap(({ code }) => {
    const voices = grouped.get(code);
    return voices?.length ? [{ locale: code, voices: [...voices] }] : [];
  });
}

/** Syntheses a page may still call off, by the id it gave them. */
const inFlight = new Map<string, AbortController>();

export const speechHandlers: Pick<RequestHandlers, keyof SpeechRequests> = {
  'speech.browserVoices': async () => ({ groups: await browserVoiceGroups() }),
  'speech.synthesize': async ({ engine, text, voice, rate, pitch, requestId }) => {
    const controller = new AbortController();
    if (requestId) inFlight.set(requestId, controller);
    try {
      const audio = await service.synthesize(engine, text, { voice, rate, pitch }, controller.signal);
      return { audio: bytesToBase64(audio.bytes), mime: audio.mime, marks: audio.marks };
    } finally {
      if (requestId) inFlight.delete(requestId);
    }
  },
  'speech.cancel': async ({ requestId }) => {
    inFlight.get(requestId)?.abort();
    inFlight.delete(requestId);
    return null;
  },
  'speech.transcribe': async ({ audio, mime, language }) => {
    const blob = new Blob([base64ToBytes(audio)], { type: mime });
    const text = await service.transcribe(blob, recordingFileName(mime), language, AbortSignal.timeout(TRANSCRIBE_TIMEOUT_MS));
    return { text };
  },
  'speech.keys': async () => speechKeys(),
  'speech.saveKeys': async (values) => saveSpeechKeys(values),
  'speech.micAnswer': async ({ granted, error }) => {
    await broadcast({ type: 'speech.mic', granted, ...(error ? { error } : {}) });
    return null;
  },
};

/** The read-aloud service only answers connections that carry Edge's Origin. */
async function installEdgeOriginRule(): Promise<void> {
  const dnr = globalThis.chrome?.declarativeNetRequest;
  if (!dnr?.updateSessionRules) return;
  await dnr.updateSessionRules({
    removeRuleIds: [EDGE_ORIGIN_RULE_ID],
    addRules: [edgeOriginRule(chrome.runtime.id, EDGE_ORIGIN_RULE_ID)],
  });
}

/** Accepts the offscreen player's port and sets the read-aloud Origin rule. */
export function startSpeech(): void {
  installEdgeOriginRule().catch(() => undefined);
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== AUDIO_PORT || !port.sender || !isTrustedSender(port.sender, browser.runtime.getURL('/'))) return;
    offscreen?.attach(port);
  });
}
