import { vi } from 'vitest';
import type { WebSpeech } from '../../../../lib/speech/engines/web-speech';

/** A SpeechSynthesisUtterance whose events the test fires by hand. */
export class FakeUtterance {
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  rate = 1;
  pitch = 1;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onboundary: ((e: { name: string; charIndex: number; charLength: number }) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

/** speechSynthesis with the given voices; what it is asked to speak is kept in `spoken`. */
export function fakeSpeech(voices: Partial<SpeechSynthesisVoice>[] = []) {
  const spoken: FakeUtterance[] = [];
  const listeners: (() => void)[] = [];
  let list = voices;
  const synthesis = {
    speak: vi.fn((u: FakeUtterance) => void spoken.push(u)),
    cancel: vi.fn(),
    getVoices: vi.fn(() => list as SpeechSynthesisVoice[]),
    addEventListener: vi.fn((_: string, l: () => void) => void listeners.push(l)),
    removeEventListener: vi.fn(),
  };
  const speech = { synthesis, Utterance: FakeUtterance } as unknown as WebSpeech;
  const loadVoices = (next: Partial<SpeechSynthesisVoice>[]) => {
    list = next;
    listeners.forEach((l) => l());
  };
  return { speech, synthesis, spoken, loadVoices };
}
