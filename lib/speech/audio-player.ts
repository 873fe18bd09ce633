import { ChatFailure, chatError } from '../core/errors';
import type { AudioSink, PlaybackHooks, SynthesizedAudio } from './audio-engine';

/** The part of HTMLAudioElement the player uses. */
export interface PlayableAudio {
  src: string;
  /** 'auto' loads the whole file ahead of play. */
  preload?: string;
  currentTime: number;
  readonly error: { message?: string; code?: number } | null;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: string): void;
  load(): void;
  addEventListener(type: 'playing' | 'ended' | 'error', listener: () => void): void;
}

export interface AudioElementPlayerOptions {
  createAudio?(): PlayableAudio;
  createObjectURL?(blob: Blob): string;
  revokeObjectURL?(url: string): void;
}

/** timeupdate fires only every quarter second or so, too coarse for word highlighting. */
const MARK_POLL_MS = 30;
/** Loaded audio waiting for its play; older ones are dropped. */
const MAX_PRELOADED = 4;

/**
 * Plays synthesized audio through an <audio> element (in the panel or the
 * offscreen document) and reports word marks as playback passes them.
 */
export function createAudioElementPlayer(options: AudioElementPlayerOptions = {}): AudioSink {
  const createAudio = options.createAudio ?? (() => new Audio());
  const createUrl = options.createObjectURL ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeUrl = options.revokeObjectURL ?? ((url: string) => URL.revokeObjectURL(url));

  const load = (audio: SynthesizedAudio) => {
    const url = createUrl(new Blob([audio.bytes], { type: audio.mime }));
    const element = createAudio();
    element.src = url;
    return { url, element };
  };
  const preloaded = new Map<SynthesizedAudio, ReturnType<typeof load>>();

  return {
    preload(audio) {
      if (preloaded.has(audio)) return;
      const loading = load(audio);
      loading.element.preload = 'auto';
      loading.element.load();
      preloaded.set(audio, loading);
      for (const [old, { url, element }] of preloaded) {
        if (preloaded.size <= MAX_PRELOADED) break;
        preloaded.delete(old);
        element.removeAttribute('src');
        element.load();
        revokeUrl(url);
      }
    },

    play(audio: SynthesizedAudio, signal: AbortSignal, hooks: PlaybackHooks): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          resolve();
          return;
        }
        const { url, element } = preloaded.get(audio) ?? load(audio);
        preloaded.delete(audio);
        const marks = [...audio.marks].sort((a, b) => a.time - b.time);
        let next = 0;
        let timer: ReturnType<typeof setInterval> | undefined;
        let done = false;

        const passMarks = (upTo: number) => {
          while (next < marks.length && marks[next]!.time <= upTo) hooks.onMark?.(marks[next++]!);
        };
        const finish = (error?: ChatFailure) => {
          if (done) return;
          done = true;
          clearInterval(timer);
          signal.removeEventListener('abort', onAbort);
          element.pause();
          element.removeAttribute('src');
          element.load();
          revokeUrl(url);
          if (error) reject(error);
          else resolve();
        };
        const onAbort = () => finish();
        signal.addEventListener('abort', onAbort, { once: true });

        element.addEventListener('playing', () => {
          if (done) return;
          hooks.onStart?.();
          timer ??= setInterval(() => passMarks(element.currentTime * 1000), MARK_POLL_MS);
        });
        element.addEventListener('ended', () => {
          if (done) return;
          passMarks(Infinity);
          finish();
        });
        element.addEventListener('error', () =>
          finish(
            new ChatFailure(
              chatError('unsupported', `The audio could not be played: ${element.error?.message || `code ${element.error?.code}`}`),
            ),
          ),
        );
        element.play().catch((error: unknown) => {
          if (done) return;
          const name = error instanceof Error ? error.name : '';
          const message = error instanceof Error ? error.message : String(error);
          // Stopping between play() and the first frame rejects with AbortError: that is a stop, not a failure.
          if (name === 'AbortError') return;
          finish(
            new ChatFailure(
              chatError(name === 'NotAllowedError' ? 'forbidden' : 'unsupported', `The audio could not be played: ${message}`),
            ),
          );
        });
      });
    },
  };
}
