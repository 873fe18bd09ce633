import { describe, expect, it, vi } from 'vitest';
import { recognitionConstructor, startRecognition, type RecognitionLike } from '../../../lib/speech/recognizer';

class FakeRecognition implements RecognitionLike {
  static last: FakeRecognition;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: RecognitionLike['onresult'] = null;
  onerror: RecognitionLike['onerror'] = null;
  onend: RecognitionLike['onend'] = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
  results(...parts: [string, boolean][]) {
    this.onresult?.({ results: parts.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal })) });
  }
}

describe('speech recognition', () => {
  it('finds the standard or the prefixed constructor, when there is one', () => {
    expect(recognitionConstructor({})).toBeUndefined();
    expect(recognitionConstructor({ webkitSpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
    expect(recognitionConstructor({ SpeechRecognition: FakeRecognition, webkitSpeechRecognition: 1 })).toBe(FakeRecognition);
  });

  it('listens continuously with interim results and reports the running transcript', () => {
    const onTranscript = vi.fn();
    const onEnd = vi.fn();
    const handle = startRecognition(FakeRecognition, 'de-DE', { onTranscript, onError: vi.fn(), onEnd });
    const r = FakeRecognition.last;
    expect(r).toMatchObject({ lang: 'de-DE', continuous: true, interimResults: true });
    expect(r.start).toHaveBeenCalledOnce();
    r.results(['hallo', false]);
    r.results(['hallo', true], [' welt', false]);
    expect(onTranscript.mock.calls.map((c) => c[0])).toEqual(['hallo', 'hallo welt']);
    handle.stop();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('ignores silence and its own abort, and reports real errors by code', () => {
    const onError = vi.fn();
    const onEnd = vi.fn();
    const handle = startRecognition(FakeRecognition, 'en-US', { onTranscript: vi.fn(), onError, onEnd });
    const r = FakeRecognition.last;
    r.onerror!({ error: 'no-speech' });
    r.onerror!({ error: 'not-allowed' });
    r.onerror!({ error: 'network' });
    expect(onError.mock.calls.map((c) => [c[0].code, c[0].type])).toEqual([
      ['forbidden', 'recognition:not-allowed'],
      ['network', 'recognition:network'],
    ]);
    handle.abort();
    expect(r.abort).toHaveBeenCalledOnce();
    expect(onEnd).toHaveBeenCalledOnce();
    r.onend!();
    expect(onEnd).toHaveBeenCalledOnce();
  });
});
