import { browser } from 'wxt/browser';
import { ChatFailure, chatError } from '../core/errors';
import { AUDIO_PORT, type SpeechRequests, type VoiceGroup } from '../messaging/speech-protocol';
import { broadcast } from '../messaging/events';
import type { RequestHandlers } from '../messaging/server';
import { isTrustedSender } from '../messaging/senders';
import { base64ToBytes, bytesToBase64 } from '../core/base64';
import type { AudioSink } from '../speech/audio-engine';
import { createAudioElementPlayer } from '../speech/audio-player';
import { browserVoiceApiOf, browserVoicesOf } from '../speech/engines/browser-voices';
import { EDGE_READ_ALOUD_ORIGIN, EDGE_READ_ALOUD_URL, edgeOriginRule } from '../speech/engines/edge-read-aloud';
import { SUPPORTED_LOCALES } from '../i18n/languages';
import { recordingFileName } from '../speech/recorder';
import { loadSpeechSettings } from '../speech/speech-prefs';
import { createSpeechService, saveSpeechKeys, speechKeys } from '../speech/speech-service';
import { browserVoicesByLocale } from '../speech/voices';
import { firefoxOriginRewrite, type FirefoxWebRequest } from '../transport/ollama-origin';
import { credentialedFetch } from '../transport/secure-fetch';
import { OffscreenSink } from './offscreen-sink';
import { createReaderEngines } from './reader-engine';

/** Session rule id for the read-aloud Origin; the Ollama rules use 7000–7049. */
const EDGE_ORIGIN_RULE_ID = 7100;
const TRANSCRIBE_TIMEOUT_MS = 120_000;

const service = createSpeechService({
  fetch: credentialedFetch(),
  openSocket: (url) => new WebSocket(url),
});

// Firefox's background plays audio itself; leaving the sink out keeps chrome.offscreen out of its bundle.
const offscreen = import.meta.env.FIREFOX ? undefined : new OffscreenSink();

/** Firefox's background is a page that can play audio itself; Chrome's worker needs the offscreen document. */
function backgroundSink(): AudioSink {
  if (typeof Audio === 'function' && typeof document !== 'undefined') return createAudioElementPlayer();
  if (!offscreen || !globalThis.chrome?.offscreen)
    throw new ChatFailure(chatError('unsupported', 'This browser cannot play audio from the background.'));
  return offscreen;
}

/** The engine the page reader speaks with, in the page's language. */
export const readerEngine = createReaderEngines({
  settings: loadSpeechSettings,
  synthesize: (engine, text, params, signal) => service.synthesize(engine, text, params, signal),
  sink: backgroundSink,
  browserVoices: () => browserVoiceApiOf(globalThis),
});

/** The voices the background reads pages with, so the panel offers those and not its own. */
async function browserVoiceGroups(): Promise<VoiceGroup[]> {
  const api = browserVoiceApiOf(globalThis);
  if (!api) return [];
  const grouped = browserVoicesByLocale(await browserVoicesOf(api));
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

/**
 * The read-aloud service only answers connections that carry Edge's Origin: a session rule sets it in Chrome,
 * a blocking webRequest listener in Firefox, which has no header-rewriting rules.
 */
async function installEdgeOriginRule(): Promise<void> {
  const dnr = globalThis.chrome?.declarativeNetRequest;
  const webRequest = (globalThis as { browser?: { webRequest?: FirefoxWebRequest } }).browser?.webRequest;
  if (!dnr?.updateSessionRules && webRequest) {
    const service = new URL(EDGE_READ_ALOUD_URL);
    const rewrite = firefoxOriginRewrite([service.origin], browser.runtime.getURL('/').replace(/\/$/, ''), () => EDGE_READ_ALOUD_ORIGIN);
    webRequest.onBeforeSendHeaders.addListener(rewrite, { urls: [`${service.origin}/*`] }, ['blocking', 'requestHeaders']);
    return;
  }
  if (!dnr?.updateSessionRules) return;
  await dnr.updateSessionRules({
    removeRuleIds: [EDGE_ORIGIN_RULE_ID],
    addRules: [edgeOriginRule(browser.runtime.id, EDGE_ORIGIN_RULE_ID)],
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
