import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createReaderEngines } from '../../../lib/background/reader-engine';
import { ReadingSession } from '../../../lib/reader/session';
import type { BrowserVoiceApi } from '../../../lib/speech/engines/browser-voices';
import type { AudioSink, SynthesisParams, SynthesizedAudio } from '../../../lib/speech/audio-engine';
import type { CloudEngineId } from '../../../lib/speech/cloud-keys';
import { loadSpeechSettings, saveSpeechSettings } from '../../../lib/speech/speech-prefs';
import { DEFAULT_SPEECH_SETTINGS } from '../../../lib/speech/speech-settings';
import { fakeSpeech } from '../speech/engines/fake-web-speech';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** Cloud synthesis answered at once, and a sink whose playbacks end only when the test says. */
function rig(browserVoices?: BrowserVoiceApi) {
  const syntheses: { engine: CloudEngineId; text: string; params: SynthesisParams }[] = [];
  const playing: { text: string; end(): void }[] = [];
  const synthesize = vi.fn(async (engine: CloudEngineId, text: string, params: SynthesisParams): Promise<SynthesizedAudio> => {
    syntheses.push({ engine, text, params });
    return { bytes: new TextEncoder().encode(text).buffer, mime: 'audio/mpeg', marks: [] };
  });
  const sink: AudioSink = {
    play: (audio, _signal, hooks) =>
      new Promise<void>((resolve) => {
        hooks.onStart?.();
        playing.push({ text: new TextDecoder().decode(audio.bytes), end: resolve });
      }),
  };
  const engines = createReaderEngines({ settings: loadSpeechSettings, synthesize, sink: () => sink, browserVoices: () => browserVoices });
  return { engines, syntheses, playing };
}

describe('the page reader engine the background builds', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await saveSpeechSettings({
      ...DEFAULT_SPEECH_SETTINGS,
      engine: 'openai',
      voices: { ...DEFAULT_SPEECH_SETTINGS.voices, openai: { voice: 'nova', rate: 1.5, pitch: 0.8 } },
    });
  });

  it('synthesizes the next sentence while the current one plays, with the voice, rate and pitch it is then spoken with', async () => {
    const { engines, syntheses, playing } = rig();
    const session = new ReadingSession({ engine: engines('en'), sentences: ['First one.', 'Second one.', 'Third.'], voice: '', rate: 1.2 });
    session.play();
    await vi.waitFor(() => expect(playing.map((p) => p.text)).toEqual(['First one.']));
    await vi.waitFor(() => expect(syntheses.map((s) => s.text)).toEqual(['First one.', 'Second one.']));

    // The reader's speed times the voice's; the settings' voice and pitch.
    const spokenWith = { voice: 'nova', rate: 1.2 * 1.5, pitch: 0.8 };
    expect(syntheses[0]).toEqual({ engine: 'openai', text: 'First one.', params: spokenWith });
    expect(syntheses[1]).toEqual({ engine: 'openai', text: 'Second one.', params: spokenWith });

    playing[0]!.end();
    await vi.waitFor(() => expect(playing.map((p) => p.text)).toEqual(['First one.', 'Second one.']));
    await settle();
    // The second sentence played the prefetched audio (no second request for it), and the third was prefetched in turn.
    expect(syntheses.map((s) => s.text)).toEqual(['First one.', 'Second one.', 'Third.']);
    session.stop();
  });

  it('prepares nothing for the browser voices, which synthesize locally', async () => {
    await saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine: 'browser' });
    const { engines, syntheses } = rig();
    engines('en').prepare?.('Next sentence.', { voice: '', rate: 1 });
    await settle();
    await settle();
    expect(syntheses).toEqual([]);
  });

  it('follows a change of engine in the settings at the next sentence', async () => {
    const { engines, syntheses } = rig();
    const engine = engines('de');
    await saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine: 'edge' });
    engine.prepare?.('Guten Tag.', { voice: '', rate: 1 });
    await vi.waitFor(() => expect(syntheses).toHaveLength(1));
    // A German page with no voice chosen gets the first German neural voice.
    expect(syntheses[0]).toMatchObject({
      engine: 'edge',
      text: 'Guten Tag.',
      params: { voice: expect.stringMatching(/^de-DE-/), rate: 1, pitch: 1 },
    });
  });

  describe('with the browser’s voices in a background that has speechSynthesis and no chrome.tts (Firefox)', () => {
    beforeEach(async () => {
      await saveSpeechSettings({
        ...DEFAULT_SPEECH_SETTINGS,
        engine: 'browser',
        voices: { ...DEFAULT_SPEECH_SETTINGS.voices, browser: { voice: 'German+Anna', locale: 'de-DE', rate: 1.25, pitch: 1.5 } },
      });
    });

    it('reads sentence after sentence through speechSynthesis, each moving on at its utterance’s end', async () => {
      const { speech, spoken } = fakeSpeech([{ name: 'German+Anna', lang: 'de' }]);
      const { engines, syntheses } = rig({ kind: 'speechSynthesis', speech });
      const words: number[][] = [];
      const states: number[] = [];
      const session = new ReadingSession({
        engine: engines('de'),
        sentences: ['Guten Tag.', 'Wie geht es?'],
        voice: '',
        rate: 2,
        onWord: (index, start, length) => words.push([index, start, length]),
        onState: (state) => states.push(state.index),
      });
      session.play();
      await vi.waitFor(() => expect(spoken).toHaveLength(1));
      // The voice and pitch from the settings; the reader's speed times the voice's.
      expect(spoken[0]).toMatchObject({ text: 'Guten Tag.', rate: 2 * 1.25, pitch: 1.5 });
      expect(spoken[0]!.voice?.name).toBe('German+Anna');
      spoken[0]!.onstart!();
      spoken[0]!.onboundary!({ name: 'word', charIndex: 6, charLength: 4 });
      expect(words).toEqual([[0, 6, 4]]);
      spoken[0]!.onend!();
      await vi.waitFor(() => expect(spoken.map((u) => u.text)).toEqual(['Guten Tag.', 'Wie geht es?']));
      expect(session.state).toMatchObject({ status: 'playing', index: 1 });
      spoken[1]!.onend!();
      await vi.waitFor(() => expect(session.state.status).toBe('idle'));
      expect(states).toContain(1);
      expect(syntheses).toEqual([]);
    });

    it('lists the voices speechSynthesis has for a locale', async () => {
      const { speech } = fakeSpeech([
        { name: 'German+Anna', lang: 'de' },
        { name: 'English+Max', lang: 'en-US' },
      ]);
      const { engines } = rig({ kind: 'speechSynthesis', speech });
      expect(await engines('de').listVoices('de-DE')).toEqual([{ label: 'German+Anna', value: 'German+Anna' }]);
    });

    it('fails as unsupported, for the panel to explain, where the background has no browser voices at all', async () => {
      const { engines } = rig();
      await expect(engines('en').speak('Hello.', { voice: '' })).rejects.toMatchObject({ error: { code: 'unsupported' } });
    });
  });
});
