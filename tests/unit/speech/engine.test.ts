import { describe, expect, it } from 'vitest';
import { detectSpeechSupport } from '../../../lib/speech/engine';
import { SPEECH_ENGINE_IDS } from '../../../lib/core/speech-engines';

class Fake {}

describe('detectSpeechSupport', () => {
  it('finds nothing in an empty scope', () => {
    expect(detectSpeechSupport({})).toEqual({ synthesis: false, recognition: false });
  });

  it('needs both speechSynthesis and SpeechSynthesisUtterance for Web Speech synthesis', () => {
    expect(detectSpeechSupport({ speechSynthesis: {}, SpeechSynthesisUtterance: Fake }).synthesis).toBe(true);
    expect(detectSpeechSupport({ speechSynthesis: {} }).synthesis).toBe(false);
    expect(detectSpeechSupport({ speechSynthesis: null, SpeechSynthesisUtterance: Fake }).synthesis).toBe(false);
    expect(detectSpeechSupport({ SpeechSynthesisUtterance: Fake }).synthesis).toBe(false);
  });

  it("counts the extension's chrome.tts as synthesis, as in a service worker", () => {
    expect(detectSpeechSupport({ chrome: { tts: { speak: () => undefined } } }).synthesis).toBe(true);
    expect(detectSpeechSupport({ chrome: { tts: {} } }).synthesis).toBe(false);
    expect(detectSpeechSupport({ chrome: {} }).synthesis).toBe(false);
  });

  it('finds recognition under the standard or the webkit-prefixed name', () => {
    expect(detectSpeechSupport({ SpeechRecognition: Fake }).recognition).toBe(true);
    expect(detectSpeechSupport({ webkitSpeechRecognition: Fake }).recognition).toBe(true);
    expect(detectSpeechSupport({ SpeechRecognition: {} }).recognition).toBe(false);
  });

  it('reads a real global scope', () => {
    const scope = globalThis as Record<string, unknown>;
    scope.webkitSpeechRecognition = Fake;
    try {
      expect(detectSpeechSupport(globalThis).recognition).toBe(true);
    } finally {
      delete scope.webkitSpeechRecognition;
    }
  });
});

describe('SPEECH_ENGINE_IDS', () => {
  it('lists the four engines', () => {
    expect(SPEECH_ENGINE_IDS).toEqual(['browser', 'openai', 'azure', 'edge']);
  });
});
