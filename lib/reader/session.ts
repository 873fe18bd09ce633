import { chatError, toChatError, type ChatError } from '../core/errors';
import type { SpeechEngine } from '../speech/engine';
import { clampRate } from './rate';
import { wordAt } from '../speech/words';

/** idle covers both "never started" and "finished or stopped": the page is cleaned up either way. */
export type ReadingStatus = 'idle' | 'playing' | 'paused';

export interface ReadingState {
  status: ReadingStatus;
  /** The sentence being read, or where reading would resume. */
  index: number;
  total: number;
  rate: number;
}

/**
 * How long an utterance may go without a sign of sound (its start or a word) before the voice counts as silent. A
 * browser voice starts within a second even on a busy two-core machine; one that has not by now never will (no sound
 * server, a voice that fails without an error). A cloud voice's synthesis is not counted: its service's own timeout
 * bounds that, and the wait begins once its audio has arrived.
 */
export const VOICE_START_TIMEOUT_MS = 8_000;

export interface ReadingSessionOptions {
  engine: SpeechEngine;
  sentences: readonly string[];
  /** A voice value from the engine's listVoices; '' lets the engine choose. */
  voice: string;
  rate?: number;
  /** Status, sentence or rate changed. */
  onState?(state: ReadingState): void;
  /** The voice began to be heard speaking sentence `index` (engines that report it). */
  onVoiceStart?(index: number): void;
  /** A word boundary: offsets into sentence `index`. */
  onWord?(index: number, start: number, length: number): void;
  /** Speaking failed, or the voice stayed silent (code `stalled`); the session is idle by the time this runs. */
  onError?(error: ChatError): void;
  voiceStartTimeoutMs?: number;
}

/**
 * Reads a list of sentences one utterance at a time. Engines only know how to
 * speak and stop, so pausing stops the utterance and remembers the last word
 * boundary; resuming (or a speed change) speaks the rest of the sentence from
 * that word. Every utterance carries a generation number: whatever an
 * abandoned utterance reports after it was replaced is ignored.
 */
export class ReadingSession {
  private status: ReadingStatus = 'idle';
  private index = 0;
  private rate: number;
  /** Where in the current sentence the next utterance starts. */
  private offset = 0;
  /** Start of the last word the engine reported in the current sentence. */
  private wordStart = 0;
  private generation = 0;
  private controller: AbortController | undefined;
  /** Ends the reading if the current utterance makes no sound in time. */
  private silence: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ReadingSessionOptions) {
    this.rate = clampRate(options.rate ?? 1);
  }

  get state(): ReadingState {
    return { status: this.status, index: this.index, total: this.options.sentences.length, rate: this.rate };
  }

  play(index = 0): void {
    if (!this.options.sentences.length) {
      this.finish();
      return;
    }
    this.moveTo(index);
    this.status = 'playing';
    this.speakCurrent();
  }

  pause(): void {
    if (this.status !== 'playing') return;
    this.cancelSpeech();
    this.offset = this.wordStart;
    this.status = 'paused';
    this.emit();
  }

  resume(): void {
    if (this.status !== 'paused') return;
    this.status = 'playing';
    this.speakCurrent();
  }

  stop(): void {
    if (this.status === 'idle') return;
    this.finish();
  }

  next(): void {
    if (this.status === 'idle' || this.index + 1 >= this.options.sentences.length) return;
    this.step(this.index + 1);
  }

  /** Back to the previous sentence, or to the start of the first one. */
  previous(): void {
    if (this.status === 'idle') return;
    this.step(Math.max(0, this.index - 1));
  }

  /** Reading starts (or goes on) from sentence `index`, whatever the status was. */
  jump(index: number): void {
    this.play(index);
  }

  setRate(rate: number): void {
    const next = clampRate(rate);
    if (next === this.rate) return;
    this.rate = next;
    if (this.status === 'playing') {
      this.offset = this.wordStart;
      this.speakCurrent();
    } else {
      this.emit();
    }
  }

  /** Paused stays paused at the new sentence, so a listener can line up where to resume. */
  private step(index: number): void {
    this.moveTo(index);
    if (this.status === 'playing') this.speakCurrent();
    else this.emit();
  }

  private moveTo(index: number): void {
    this.cancelSpeech();
    this.index = Math.min(Math.max(0, Math.trunc(index)), this.options.sentences.length - 1);
    this.offset = 0;
    this.wordStart = 0;
  }

  private speakCurrent(): void {
    this.cancelSpeech();
    const generation = this.generation;
    const controller = new AbortController();
    this.controller = controller;
    const index = this.index;
    const sentence = this.options.sentences[index]!;
    const offset = this.offset;
    this.emit();
    this.awaitSound(generation);
    const speaking = this.options.engine.speak(sentence.slice(offset), {
      voice: this.options.voice,
      rate: this.rate,
      signal: controller.signal,
      onStart: () => {
        if (generation !== this.generation) return;
        this.stopSilenceWait();
        this.options.onVoiceStart?.(index);
      },
      onSynthesis: (audio) => {
        if (generation !== this.generation) return;
        this.stopSilenceWait();
        // A failed synthesis fails the speak, which reports it.
        audio.then(
          () => this.awaitSound(generation),
          () => undefined,
        );
      },
      onBoundary: (charIndex, charLength) => {
        if (generation !== this.generation) return;
        this.stopSilenceWait();
        const at = offset + charIndex;
        const word = charLength > 0 ? { start: at, length: charLength } : wordAt(sentence, at);
        if (!word || word.start < 0 || word.start >= sentence.length) return;
        this.wordStart = word.start;
        this.options.onWord?.(index, word.start, Math.min(word.length, sentence.length - word.start));
      },
    });
    const following = this.options.sentences[index + 1];
    if (following) this.options.engine.prepare?.(following, { voice: this.options.voice, rate: this.rate });
    speaking.then(
      () => {
        if (generation !== this.generation || this.status !== 'playing') return;
        if (index + 1 < this.options.sentences.length) {
          this.moveTo(index + 1);
          this.speakCurrent();
        } else {
          this.finish();
        }
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.finish();
        this.options.onError?.(toChatError(error));
      },
    );
  }

  /** Starts the wait for the current utterance's first sound, unless it was heard or replaced meanwhile. */
  private awaitSound(generation: number): void {
    if (generation !== this.generation) return;
    clearTimeout(this.silence);
    const timeoutMs = this.options.voiceStartTimeoutMs ?? VOICE_START_TIMEOUT_MS;
    this.silence = setTimeout(() => {
      if (generation !== this.generation) return;
      this.finish();
      this.options.onError?.(chatError('stalled', `The voice made no sound within ${timeoutMs} ms.`, { type: 'voice-silent' }));
    }, timeoutMs);
  }

  /** The voice made itself heard, or a cloud voice is still synthesizing: either way, no more waiting for now. */
  private stopSilenceWait(): void {
    clearTimeout(this.silence);
    this.silence = undefined;
  }

  private cancelSpeech(): void {
    this.stopSilenceWait();
    this.generation++;
    this.controller?.abort();
    this.controller = undefined;
  }

  private finish(): void {
    this.cancelSpeech();
    this.status = 'idle';
    this.offset = 0;
    this.wordStart = 0;
    this.emit();
  }

  private emit(): void {
    this.options.onState?.(this.state);
  }
}
