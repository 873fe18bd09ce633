import { toChatError, type ChatError } from '../core/errors';
import { wordAt } from './words';
import type { AudioSpeechEngine } from './audio-engine';
import type { SpeechEngine } from './engine';
import { createSentenceStream, type Sentence } from './sentences';
import { createSpeechTextStream } from './speech-text';

export type AnswerReadingOutcome = 'finished' | 'stopped' | 'failed';

export interface AnswerReaderOptions {
  /** Engines that can prepare (the cloud ones) synthesize the next sentence while one is spoken. */
  engine: SpeechEngine & Partial<Pick<AudioSpeechEngine, 'prepare'>>;
  voice: string;
  rate?: number;
  pitch?: number;
  /** Language of the answer, for sentence splitting. */
  locale?: string;
  /** A sentence starts being spoken; offsets are into `speechText`. */
  onSentence?(sentence: Sentence): void;
  /** A word of `sentence` is spoken; offsets are into the sentence. */
  onWord?(sentence: Sentence, start: number, length: number): void;
  /** Reading is over; after `failed`, onError has said why. */
  onEnd?(outcome: AnswerReadingOutcome): void;
  onError?(error: ChatError): void;
}

/**
 * Reads an answer aloud sentence by sentence, from markdown that may still be
 * streaming in: each sentence is spoken as soon as it is complete, so the
 * first one is heard while the model is still writing the rest.
 */
export class AnswerReader {
  private readonly text = createSpeechTextStream();
  private readonly sentences: ReturnType<typeof createSentenceStream>;
  private readonly queue: Sentence[] = [];
  private readonly controller = new AbortController();
  private source = '';
  private spoken = '';
  private complete = false;
  private speaking = false;
  private over = false;

  constructor(private readonly options: AnswerReaderOptions) {
    this.sentences = createSentenceStream(options.locale ? { locale: options.locale } : {});
  }

  /** The text being spoken so far (markdown removed); sentence offsets point into it. */
  get speechText(): string {
    return this.spoken;
  }

  get active(): boolean {
    return !this.over;
  }

  /** The answer's markdown so far; only what was appended since the last call is new. */
  update(markdown: string): void {
    if (this.over || this.complete || !markdown.startsWith(this.source)) return;
    const added = markdown.slice(this.source.length);
    this.source = markdown;
    if (added) this.add(this.sentences.push(this.append(this.text.push(added))));
  }

  /** No more text will come. */
  finish(markdown?: string): void {
    if (markdown !== undefined) this.update(markdown);
    if (this.over || this.complete) return;
    this.complete = true;
    const rest = this.append(this.text.flush());
    this.add([...this.sentences.push(rest), ...this.sentences.flush()]);
  }

  /** Silence at once. */
  stop(): void {
    if (this.over) return;
    this.end('stopped');
  }

  private append(text: string): string {
    this.spoken += text;
    return text;
  }

  private add(sentences: Sentence[]): void {
    this.queue.push(...sentences);
    if (this.speaking) this.prepareNext();
    else this.speakNext();
  }

  private prepareNext(): void {
    const next = this.queue[0];
    if (next) this.options.engine.prepare?.(next.text, { voice: this.options.voice, rate: this.options.rate, pitch: this.options.pitch });
  }

  private speakNext(): void {
    if (this.over) return;
    const sentence = this.queue.shift();
    if (!sentence) {
      if (this.complete) this.end('finished');
      return;
    }
    this.speaking = true;
    this.options.onSentence?.(sentence);
    this.prepareNext();
    const { engine, voice, rate, pitch, onWord } = this.options;
    engine
      .speak(sentence.text, {
        voice,
        rate,
        pitch,
        signal: this.controller.signal,
        onBoundary: (charIndex, charLength) => {
          if (this.over) return;
          const word = charLength > 0 ? { start: charIndex, length: charLength } : wordAt(sentence.text, charIndex);
          if (word && word.start >= 0 && word.start < sentence.text.length) {
            onWord?.(sentence, word.start, Math.min(word.length, sentence.text.length - word.start));
          }
        },
      })
      .then(
        () => {
          this.speaking = false;
          this.speakNext();
        },
        (error: unknown) => {
          this.speaking = false;
          if (this.over) return;
          this.options.onError?.(toChatError(error));
          this.end('failed');
        },
      );
  }

  private end(outcome: AnswerReadingOutcome): void {
    this.over = true;
    this.queue.length = 0;
    this.controller.abort();
    this.options.onEnd?.(outcome);
  }
}
