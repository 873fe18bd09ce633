import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEECH_SETTINGS, normalizeSpeechSettings, pickerLocale, type SpeechSettings } from '../../../lib/speech/speech-settings';
import { answerVoice, voiceFor } from '../../../lib/speech/voice-for';

const settings = (patch: Partial<SpeechSettings> = {}): SpeechSettings => ({ ...normalizeSpeechSettings(undefined), ...patch });

describe('speech settings', () => {
  it('fills in whatever an older or damaged record lacks', () => {
    expect(normalizeSpeechSettings(undefined)).toEqual(DEFAULT_SPEECH_SETTINGS);
    const stored = normalizeSpeechSettings({
      engine: 'edge',
      locale: 'xx-XX',
      voices: { edge: { voice: 'de-DE-KatjaNeural', rate: 99, pitch: 'high' } },
      openai: { baseUrl: '  ', format: 'pcm' },
      dictation: { engine: 'openai', model: 'gpt-4o-mini-transcribe' },
    });
    expect(stored.engine).toBe('edge');
    expect(stored.locale).toBe('');
    expect(stored.voices.edge).toEqual({ voice: 'de-DE-KatjaNeural', rate: 2, pitch: 1 });
    expect(stored.voices.browser).toEqual(DEFAULT_SPEECH_SETTINGS.voices.browser);
    expect(stored.openai).toEqual({ keySource: 'auto', baseUrl: 'https://api.openai.com/v1', model: 'tts-1', format: 'mp3' });
    expect(stored.dictation).toEqual({ engine: 'openai', locale: '', model: 'gpt-4o-mini-transcribe' });
    expect(normalizeSpeechSettings({ engine: 'klingon' }).engine).toBe('browser');
  });

  it('opens the pickers on the chosen locale, else the interface language', () => {
    expect(pickerLocale(settings(), 'de')).toBe('de-DE');
    expect(pickerLocale(settings({ locale: 'ja-JP' }), 'de')).toBe('ja-JP');
    expect(pickerLocale(settings(), 'xx')).toBe('en-US');
  });
});

describe('which voice speaks', () => {
  const edge = (voice: string) =>
    settings({ engine: 'edge', voices: { ...DEFAULT_SPEECH_SETTINGS.voices, edge: { voice, rate: 1.5, pitch: 0.9 } } });

  it('uses the chosen neural voice for its own language, and the language’s first voice otherwise', () => {
    expect(voiceFor(edge('de-DE-ConradNeural'), 'edge', { lang: 'de-AT' })).toEqual({ voice: 'de-DE-ConradNeural', rate: 1.5, pitch: 0.9 });
    expect(voiceFor(edge('de-DE-ConradNeural'), 'edge', { lang: 'fr' }).voice).toBe('fr-FR-DeniseNeural');
    expect(voiceFor(edge('de-DE-ConradNeural'), 'edge', { lang: 'xx' }).voice).toBe('de-DE-ConradNeural');
    expect(voiceFor(edge(''), 'edge', { fallbackLocale: 'ja-JP' }).voice).toBe('ja-JP-NanamiNeural');
  });

  it('lets the browser pick for another language, and keeps OpenAI voices the model has', () => {
    const browser = settings({
      voices: { ...DEFAULT_SPEECH_SETTINGS.voices, browser: { voice: 'Anna', locale: 'de-DE', rate: 1, pitch: 1 } },
    });
    expect(voiceFor(browser, 'browser', { lang: 'de' }).voice).toBe('Anna');
    expect(voiceFor(browser, 'browser', { lang: 'en' }).voice).toBe('');
    const ballad = settings({ voices: { ...DEFAULT_SPEECH_SETTINGS.voices, openai: { voice: 'ballad', rate: 1, pitch: 1 } } });
    expect(voiceFor(ballad, 'openai', { lang: 'fr' }).voice).toBe('alloy');
    expect(voiceFor({ ...ballad, openai: { ...ballad.openai, model: 'gpt-4o-mini-tts' } }, 'openai').voice).toBe('ballad');
  });

  it("reads an answer with its persona's engine and voice at the user's speed and pitch for that engine, else the settings'", () => {
    const chosen = settings({
      engine: 'browser',
      voices: {
        ...DEFAULT_SPEECH_SETTINGS.voices,
        openai: { voice: 'nova', rate: 1.2, pitch: 1 },
        edge: { voice: '', rate: 1.5, pitch: 0.9 },
      },
    });
    expect(answerVoice(chosen, { engine: 'edge', voice: 'de-DE-KatjaNeural' })).toEqual({
      engine: 'edge',
      voice: 'de-DE-KatjaNeural',
      rate: 1.5,
      pitch: 0.9,
    });
    // A voice the OpenAI model in use does not offer falls back as the settings' own voice would.
    expect(answerVoice(chosen, { engine: 'openai', voice: 'ballad' })).toEqual({ engine: 'openai', voice: 'alloy', rate: 1.2, pitch: 1 });
    expect(answerVoice(chosen, undefined)).toEqual({ engine: 'browser', ...voiceFor(chosen, 'browser') });
  });
});
