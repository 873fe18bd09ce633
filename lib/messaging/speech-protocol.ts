/**
 * Speech between extension pages and the background. Keys for cloud voices
 * and transcription live in the background, which makes every network call;
 * pages get audio bytes (base64, since Chrome messages are JSON) and text
 * back. Audio the background itself needs played (a page read aloud with a
 * cloud voice) goes over a port to the offscreen document.
 */
import { isChatError, type ChatError } from '../core/errors';
import { isRecord } from '../storage/repair';
import type { WordMark } from '../speech/audio-engine';
import type { LocaleCode } from '../i18n/languages';
import type { CloudEngineId, SpeechKeys } from '../speech/cloud-keys';
import type { VoiceOption } from '../speech/voices';

export type { CloudEngineId, SpeechKeys } from '../speech/cloud-keys';

export interface VoiceGroup {
  locale: LocaleCode;
  voices: VoiceOption[];
}

export interface AudioMessage {
  /** base64 of the audio file. */
  audio: string;
  mime: string;
  marks: WordMark[];
}

export interface SpeechRequests {
  /** The background's voices (chrome.tts, or Firefox's speechSynthesis) grouped by supported locale; empty where it has none. */
  'speech.browserVoices': { req: Record<string, never>; res: { groups: VoiceGroup[] } };
  /** One request-sized piece of text; model, format, region and endpoint come from the saved settings. */
  'speech.synthesize': {
    req: { engine: CloudEngineId; text: string; voice: string; rate: number; pitch: number; requestId?: string };
    res: AudioMessage;
  };
  /** Abandons a synthesis the page no longer wants. */
  'speech.cancel': { req: { requestId: string }; res: null };
  /** A recording (base64) transcribed with OpenAI's /audio/transcriptions. */
  'speech.transcribe': { req: { audio: string; mime: string; language?: string }; res: { text: string } };
  'speech.keys': { req: Record<string, never>; res: SpeechKeys };
  /** A non-empty value sets that key, an empty one removes it, an absent one keeps it. */
  'speech.saveKeys': { req: { openai?: string; azure?: string }; res: SpeechKeys };
  /** The microphone permission page's answer, passed on to the panel as `speech.mic`: only the background sends panel events. */
  'speech.micAnswer': { req: { granted: boolean; error?: ChatError }; res: null };
}

export type SpeechEvent =
  /** The microphone permission page has its answer. */
  { type: 'speech.mic'; granted: boolean; error?: ChatError };

/** The offscreen document connects a port of this name to play what the background sends. */
export const AUDIO_PORT = 'parley.audio';

/** `preload` loads audio ahead; `play` either brings its audio or names a preload's id. */
export type PlayerCommand =
  ({ type: 'play' | 'preload'; id: number } & AudioMessage) | { type: 'play'; id: number; preloaded: true } | { type: 'stop'; id: number };

export type PlayerReport =
  | { type: 'started'; id: number }
  | { type: 'mark'; id: number; mark: WordMark }
  | { type: 'ended'; id: number }
  | { type: 'failed'; id: number; error: ChatError };

/** A report the offscreen document posted, checked: a port carries whatever its other end sends. */
export function isPlayerReport(value: unknown): value is PlayerReport {
  if (!isRecord(value) || typeof value.id !== 'number') return false;
  if (value.type === 'started' || value.type === 'ended') return true;
  if (value.type === 'failed') return isChatError(value.error);
  const mark = value.mark;
  return (
    value.type === 'mark' &&
    isRecord(mark) &&
    typeof mark.time === 'number' &&
    typeof mark.charIndex === 'number' &&
    typeof mark.charLength === 'number'
  );
}
