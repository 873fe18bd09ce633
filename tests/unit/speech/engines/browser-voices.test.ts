import { describe, expect, it, vi } from 'vitest';
import { browserVoiceApiOf, browserVoicesOf, createBrowserVoiceEngine } from '../../../../lib/speech/engines/browser-voices';
import { FakeUtterance, fakeSpeech } from './fake-web-speech';

const fakeTts = () => ({
  speak: vi.fn(async () => undefined),
  stop: vi.fn(),
  getVoices: vi.fn(async () => [{ voiceName: 'Google US English', lang: 'en-US' }, { lang: 'en-GB' }]),
});

describe('the browser voices a background speaks with', () => {
  it('are chrome.tts in Chrome’s service worker, which has no speechSynthesis', () => {
    const tts = fakeTts();
    expect(browserVoiceApiOf({ chrome: { tts } })).toEqual({ kind: 'chrome.tts', tts });
  });

  it('are chrome.tts even where speechSynthesis exists too, as chrome.tts goes on speaking when the panel closes', () => {
    const tts = fakeTts();
    const { synthesis } = fakeSpeech();
    expect(browserVoiceApiOf({ chrome: { tts }, speechSynthesis: synthesis, SpeechSynthesisUtterance: FakeUtterance })?.kind).toBe(
      'chrome.tts',
    );
  });

  it('are speechSynthesis in Firefox’s background page, which has a chrome object but no chrome.tts', () => {
    const { synthesis } = fakeSpeech();
    expect(browserVoiceApiOf({ chrome: { runtime: {} }, speechSynthesis: synthesis, SpeechSynthesisUtterance: FakeUtterance })).toEqual({
      kind: 'speechSynthesis',
      speech: { synthesis, Utterance: FakeUtterance },
    });
  });

  it('are none where neither exists', () => {
    expect(browserVoiceApiOf({ chrome: { runtime: {} } })).toBeUndefined();
  });

  it('are listed from speechSynthesis.getVoices(), waiting for a browser that loads them late', async () => {
    const { speech, loadVoices } = fakeSpeech();
    const listing = browserVoicesOf({ kind: 'speechSynthesis', speech });
    loadVoices([
      { name: 'English (America)+Andrea', lang: 'en-US' },
      { name: 'German+Anna', lang: 'de' },
    ]);
    expect(await listing).toEqual([
      { name: 'English (America)+Andrea', lang: 'en-US' },
      { name: 'German+Anna', lang: 'de' },
    ]);
  });

  it('are listed from chrome.tts by name, leaving out voices without one', async () => {
    expect(await browserVoicesOf({ kind: 'chrome.tts', tts: fakeTts() })).toEqual([{ name: 'Google US English', lang: 'en-US' }]);
  });

  it('speak through speechSynthesis in the page’s language, reporting words and the end of each utterance', async () => {
    const { speech, synthesis, spoken } = fakeSpeech();
    const onBoundary = vi.fn();
    const onEnd = vi.fn();
    const engine = createBrowserVoiceEngine({ kind: 'speechSynthesis', speech }, 'de-DE');
    const done = engine.speak('Guten Tag.', { voice: '', rate: 1.5, onBoundary, onEnd });
    await vi.waitFor(() => expect(synthesis.speak).toHaveBeenCalledOnce());
    expect(spoken[0]).toMatchObject({ text: 'Guten Tag.', lang: 'de-DE', rate: 1.5 });
    spoken[0]!.onboundary!({ name: 'word', charIndex: 6, charLength: 3 });
    spoken[0]!.onend!();
    await done;
    expect(onBoundary).toHaveBeenCalledWith(6, 3);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('speak through chrome.tts where that is the API', async () => {
    const tts = fakeTts();
    void createBrowserVoiceEngine({ kind: 'chrome.tts', tts }, 'fr-FR').speak('Bonjour.', { voice: '' });
    expect(tts.speak).toHaveBeenCalledWith('Bonjour.', expect.objectContaining({ lang: 'fr-FR' }));
  });
});
