import type { SpeakOptions, SpeechEngine } from '../../../lib/speech/engine';

export interface Utterance {
  text: string;
  options: SpeakOptions;
  aborted: boolean;
  /** The voice is heard. */
  start(): void;
  finish(): void;
  fail(error: unknown): void;
}

/** An engine whose utterances end only when the test says so. */
export class FakeEngine implements SpeechEngine {
  readonly id = 'browser' as const;
  readonly utterances: Utterance[] = [];

  async listVoices() {
    return [];
  }

  speak(text: string, options: SpeakOptions): Promise<void> {
    return new Promise((resolve, reject) => {
      const utterance: Utterance = { text, options, aborted: false, start: () => options.onStart?.(), finish: resolve, fail: reject };
      options.signal?.addEventListener('abort', () => {
        utterance.aborted = true;
        resolve();
      });
      this.utterances.push(utterance);
    });
  }

  /** The utterance being spoken now. */
  get current(): Utterance {
    const live = this.utterances.filter((u) => !u.aborted);
    const last = live.at(-1);
    if (!last) throw new Error('nothing is being spoken');
    return last;
  }

  get spoken(): string[] {
    return this.utterances.map((u) => u.text);
  }
}

/** Lets promise callbacks (an utterance's end) run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
