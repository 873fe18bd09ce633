import { ChatFailure, toChatError } from '../core/errors';
import { chunkText } from './chunk-text';
import type { SpeakOptions, SpeechEngine } from './engine';
import type { SpeechEngineId } from '../core/speech-engines';
import type { LocaleCode } from '../i18n/languages';
import { playChunks } from './prefetch';
import type { VoiceOption } from './voices';

/** A word the audio speaks, for highlighting: `time` in ms from the audio's start, offsets into the synthesized text. */
export interface WordMark {
  time: number;
  charIndex: number;
  charLength: number;
}

export interface SynthesizedAudio {
  bytes: ArrayBuffer;
  /** Content type the service answered with, e.g. audio/mpeg. */
  mime: string;
  /** In time order; empty for services that report no word timing. */
  marks: WordMark[];
}

export interface SynthesisParams {
  voice: string;
  rate: number;
  pitch: number;
}

/** Turns one request-sized piece of text into audio; rejects with a ChatFailure, or an AbortError once `signal` aborts. */
export type Synthesize = (text: string, params: SynthesisParams, signal: AbortSignal) => Promise<SynthesizedAudio>;

export interface PlaybackHooks {
  /** Sound has started coming out. */
  onStart?(): void;
  onMark?(mark: WordMark): void;
}

/** Somewhere audio can be played: an audio element in the panel, or the offscreen document. */
export interface AudioSink {
  /** Settles when the audio has ended or `signal` aborted (which stops it at once). */
  play(audio: SynthesizedAudio, signal: AbortSignal, hooks: PlaybackHooks): Promise<void>;
  /**
   * Loads audio that is likely to play next, so a later play of the same
   * object starts without loading; sinks may forget it, and play still works.
   */
  preload?(audio: SynthesizedAudio): void;
}

export interface AudioEngineOptions {
  id: SpeechEngineId;
  listVoices(locale?: LocaleCode): Promise<VoiceOption[]>;
  synthesize: Synthesize;
  sink: AudioSink;
  /** The service's input limit, in UTF-16 code units. */
  maxChunkLength: number;
}

/** A speech engine that can start synthesizing text before it is asked to speak it. */
export interface AudioSpeechEngine extends SpeechEngine {
  /** Starts synthesizing the beginning of `text`, so a later speak of it starts without waiting. */
  prepare(text: string, options: Pick<SpeakOptions, 'voice' | 'rate' | 'pitch'>): void;
}

/** Prepared syntheses kept for a later speak; older ones are abandoned. */
const MAX_PREPARED = 4;

/**
 * A cloud voice: text is cut under the service's limit, each piece is
 * synthesized while the one before it plays (playChunks), and word marks are
 * moved from the piece's offsets to the whole text's.
 */
export function createAudioEngine(options: AudioEngineOptions): AudioSpeechEngine {
  const { id, synthesize, sink, maxChunkLength } = options;
  const prepared = new Map<string, { audio: Promise<SynthesizedAudio>; controller: AbortController }>();
  const keyOf = (text: string, p: SynthesisParams) => JSON.stringify([text, p.voice, p.rate, p.pitch]);
  const paramsOf = (o: Pick<SpeakOptions, 'voice' | 'rate' | 'pitch'>): SynthesisParams => ({
    voice: o.voice,
    rate: o.rate ?? 1,
    pitch: o.pitch ?? 1,
  });

  const synthesizeOnce = (text: string, params: SynthesisParams, signal: AbortSignal): Promise<SynthesizedAudio> => {
    const key = keyOf(text, params);
    const ready = prepared.get(key);
    if (!ready) return synthesize(text, params, signal);
    prepared.delete(key);
    signal.addEventListener('abort', () => ready.controller.abort(signal.reason), { once: true });
    return ready.audio;
  };

  return {
    id,
    listVoices: options.listVoices,

    prepare(text, speakOptions) {
      const first = chunkText(text, { maxLength: maxChunkLength })[0];
      if (!first) return;
      const params = paramsOf(speakOptions);
      const key = keyOf(first.text, params);
      if (prepared.has(key)) return;
      const controller = new AbortController();
      const audio = synthesize(first.text, params, controller.signal);
      // Loaded before it is needed, the next sentence starts as soon as the one before ends.
      // Failures surface when the speak that uses it awaits it; until then they must not go unhandled.
      audio
        .then((ready) => {
          if (!controller.signal.aborted) sink.preload?.(ready);
        })
        .catch(() => undefined);
      prepared.set(key, { audio, controller });
      for (const [oldKey, old] of prepared) {
        if (prepared.size <= MAX_PREPARED) break;
        old.controller.abort();
        prepared.delete(oldKey);
      }
    },

    async speak(text, speakOptions) {
      const { signal, onBoundary, onStart, onSynthesis, onEnd } = speakOptions;
      const chunks = chunkText(text, { maxLength: maxChunkLength });
      const params = paramsOf(speakOptions);
      let started = false;
      let synthesizing = false;
      try {
        const outcome = await playChunks(
          chunks.map((c) => c.text),
          {
            synthesize: (piece, inner) => {
              const audio = synthesizeOnce(piece, params, inner);
              // Only the first piece stands between the speak and its sound; the rest are fetched while it plays.
              if (!synthesizing) onSynthesis?.(audio);
              synthesizing = true;
              return audio;
            },
            play: (audio, index, inner) =>
              sink.play(audio, inner, {
                onStart: () => {
                  if (started) return;
                  started = true;
                  onStart?.();
                },
                onMark: (mark) => onBoundary?.(chunks[index]!.start + mark.charIndex, mark.charLength),
              }),
            signal,
          },
        );
        if (outcome === 'finished') onEnd?.();
      } catch (error) {
        if (signal?.aborted) return;
        throw new ChatFailure(toChatError(error, id));
      }
    },
  };
}
