import type { SpeechEngine } from '../engine';
import type { ReportedVoice } from '../voices';
import { chromeTtsVoices, createChromeTtsEngine, type ChromeTts } from './chrome-tts';
import { createWebSpeechEngine, loadedVoices, webSpeechOf, type WebSpeech } from './web-speech';

/** How long a voice list waits for a browser that loads its voices late. */
const VOICES_TIMEOUT_MS = 1500;

/** The API a background speaks the browser's own voices with. */
export type BrowserVoiceApi = { kind: 'chrome.tts'; tts: ChromeTts } | { kind: 'speechSynthesis'; speech: WebSpeech };

/**
 * The browser's voices where the background runs: chrome.tts in Chrome's
 * service worker (which has no speechSynthesis), else speechSynthesis, which
 * Firefox's background page has instead of chrome.tts. Undefined where there
 * are neither.
 */
export function browserVoiceApiOf(scope: object = globalThis): BrowserVoiceApi | undefined {
  const tts = (scope as { chrome?: { tts?: ChromeTts } }).chrome?.tts;
  if (typeof tts?.speak === 'function') return { kind: 'chrome.tts', tts };
  const speech = webSpeechOf(scope);
  return speech ? { kind: 'speechSynthesis', speech } : undefined;
}

/** An engine speaking text in `lang` with the browser's voices through `api`. */
export function createBrowserVoiceEngine(api: BrowserVoiceApi, lang?: string): SpeechEngine {
  const options = lang ? { lang } : {};
  return api.kind === 'chrome.tts'
    ? createChromeTtsEngine(api.tts, options)
    : createWebSpeechEngine(api.speech, { ...options, voicesTimeoutMs: VOICES_TIMEOUT_MS });
}

/** Every voice `api` offers, by name and language. */
export async function browserVoicesOf(api: BrowserVoiceApi): Promise<ReportedVoice[]> {
  if (api.kind === 'chrome.tts') return chromeTtsVoices(api.tts);
  return (await loadedVoices(api.speech.synthesis, VOICES_TIMEOUT_MS)).map((v) => ({ name: v.name, lang: v.lang }));
}
