import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../lib/i18n/languages';
import {
  OPENAI_VOICES,
  browserVoiceOptions,
  browserVoicesByLocale,
  mergeVoiceGroups,
  neuralVoiceLocale,
  neuralVoiceOptions,
  openaiVoiceOptions,
  openaiVoicesFor,
  type ReportedVoice,
} from '../../../lib/speech/voices';

const voice = (name: string, lang: string, extra: Partial<ReportedVoice> = {}): ReportedVoice => ({
  name,
  lang,
  voiceURI: name,
  localService: true,
  default: false,
  ...extra,
});

describe('browser voices', () => {
  const reported = [
    voice('Samantha', 'en-US', { default: true }),
    voice('Daniel', 'en_GB'),
    voice('Alex', 'en'),
    voice('Thomas', 'fr-fr'),
    voice('Alice', 'it-IT'),
    voice('Sin-ji', 'zh-HK'),
    voice('Tingting', 'zh-CN'),
    voice('Lekha', 'hi-IN'),
  ];

  it('keeps only voices whose language is a supported locale, grouped per locale', () => {
    const grouped = browserVoicesByLocale(reported);
    expect([...grouped.keys()].sort()).toEqual(['en-US', 'fr-FR', 'zh-CN', 'zh-TW']);
    expect(grouped.get('en-US')).toEqual([
      { label: 'Samantha', value: 'Samantha' },
      { label: 'Daniel', value: 'Daniel' },
      { label: 'Alex', value: 'Alex' },
    ]);
    expect(grouped.get('zh-TW')).toEqual([{ label: 'Sin-ji', value: 'Sin-ji' }]);
  });

  it('lists one locale when asked', () => {
    expect(browserVoiceOptions(reported, 'fr-FR')).toEqual([{ label: 'Thomas', value: 'Thomas' }]);
    expect(browserVoiceOptions(reported, 'ja-JP')).toEqual([]);
  });

  it('merges all locales without duplicates when no locale is given', () => {
    const merged = browserVoiceOptions([...reported, voice('Samantha', 'en-US'), voice('Thomas', 'fr-CA')]);
    expect(merged.map((o) => o.value)).toEqual(['Samantha', 'Daniel', 'Alex', 'Thomas', 'Tingting', 'Sin-ji']);
  });

  it('falls back to the built-in list when no reported voice matches', () => {
    const unusable = [voice('Alice', 'it-IT'), voice('Lekha', 'hi-IN')];
    for (const reportedVoices of [[], unusable]) {
      const grouped = browserVoicesByLocale(reportedVoices);
      expect([...grouped.keys()]).toEqual(SUPPORTED_LOCALES.map((l) => l.code));
      for (const list of grouped.values()) expect(list.length).toBeGreaterThan(0);
    }
    expect(browserVoiceOptions(unusable, 'en-US')).toContainEqual({ label: 'Google US English', value: 'Google US English' });
    expect(browserVoiceOptions(unusable).map((o) => o.value)).not.toContain('Alice');
  });

  it('gives a built-in merged list without duplicates covering every locale', () => {
    const merged = browserVoiceOptions([]);
    expect(new Set(merged.map((o) => o.value)).size).toBe(merged.length);
    const perLocale = SUPPORTED_LOCALES.reduce((n, l) => n + browserVoiceOptions([], l.code).length, 0);
    expect(merged).toHaveLength(perLocale);
  });

  it('lists a voice reported for two locales once when the locales are merged', () => {
    const grouped = browserVoicesByLocale([
      voice('Ava Multilingual', 'en-US'),
      voice('Ava Multilingual', 'fr-FR'),
      voice('Thomas', 'fr-FR'),
    ]);
    expect(grouped.get('en-US')).toEqual([{ label: 'Ava Multilingual', value: 'Ava Multilingual' }]);
    expect(grouped.get('fr-FR')!.map((o) => o.value)).toEqual(['Ava Multilingual', 'Thomas']);
    const groups = [...grouped].map(([locale, voices]) => ({ locale, voices }));
    expect(mergeVoiceGroups(groups)).toEqual([
      { locale: 'en-US', voices: [{ label: 'Ava Multilingual', value: 'Ava Multilingual' }] },
      { locale: 'fr-FR', voices: [{ label: 'Thomas', value: 'Thomas' }] },
    ]);
  });

  it('drops a group whose every voice was listed by an earlier one', () => {
    const only = [{ label: 'Ava', value: 'Ava' }];
    expect(mergeVoiceGroups([{ voices: only }, { voices: only }])).toEqual([{ voices: only }]);
  });

  it('ignores voices without a name', () => {
    expect(browserVoiceOptions([voice('', 'en-US'), voice('Karen', 'en-AU')], 'en-US')).toEqual([{ label: 'Karen', value: 'Karen' }]);
  });
});

describe('neural voices', () => {
  it('covers every supported locale with several voices keyed <locale>-<Name>Neural', () => {
    for (const { code } of SUPPORTED_LOCALES) {
      const options = neuralVoiceOptions(code);
      expect(options.length, code).toBeGreaterThanOrEqual(2);
      for (const option of options) {
        expect(option.value).toMatch(new RegExp(`^${code}-[A-Za-z]+Neural$`));
        expect(option.label).not.toMatch(/Neural|-[A-Z]{2}-/);
        expect(neuralVoiceLocale(option.value)).toBe(code);
      }
    }
  });

  it('includes the well-known voices of each locale', () => {
    const values = neuralVoiceOptions().map((o) => o.value);
    for (const key of [
      'ar-SA-HamedNeural',
      'ar-SA-ZariyahNeural',
      'de-DE-KatjaNeural',
      'de-DE-ConradNeural',
      'en-US-JennyNeural',
      'en-US-GuyNeural',
      'en-US-AriaNeural',
      'es-ES-ElviraNeural',
      'es-ES-AlvaroNeural',
      'fr-FR-DeniseNeural',
      'fr-FR-HenriNeural',
      'ja-JP-NanamiNeural',
      'ja-JP-KeitaNeural',
      'ko-KR-SunHiNeural',
      'ko-KR-InJoonNeural',
      'pt-BR-FranciscaNeural',
      'pt-BR-AntonioNeural',
      'ru-RU-SvetlanaNeural',
      'ru-RU-DmitryNeural',
      'zh-CN-XiaoxiaoNeural',
      'zh-CN-YunxiNeural',
      'zh-TW-HsiaoChenNeural',
      'zh-TW-YunJheNeural',
    ]) {
      expect(values).toContain(key);
    }
  });

  it('shows a display name', () => {
    expect(neuralVoiceOptions('en-US')).toContainEqual({ label: 'Jenny', value: 'en-US-JennyNeural' });
    expect(neuralVoiceOptions('ko-KR')).toContainEqual({ label: 'Sun-Hi', value: 'ko-KR-SunHiNeural' });
  });

  it('merges all locales without duplicates when no locale is given', () => {
    const merged = neuralVoiceOptions();
    const perLocale = SUPPORTED_LOCALES.flatMap((l) => neuralVoiceOptions(l.code));
    expect(merged).toEqual(perLocale);
    expect(new Set(merged.map((o) => o.value)).size).toBe(merged.length);
  });

  it('reads the locale of a key, rejecting malformed or unsupported ones', () => {
    expect(neuralVoiceLocale('zh-TW-HsiaoYuNeural')).toBe('zh-TW');
    expect(neuralVoiceLocale('it-IT-ElsaNeural')).toBeUndefined();
    expect(neuralVoiceLocale('en-US-Jenny')).toBeUndefined();
    expect(neuralVoiceLocale('alloy')).toBeUndefined();
  });
});

describe('OpenAI voices', () => {
  it('offers all ten voices on gpt-4o-mini-tts and its snapshots', () => {
    expect(OPENAI_VOICES).toEqual(['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer']);
    expect(openaiVoicesFor('gpt-4o-mini-tts')).toEqual(OPENAI_VOICES);
    expect(openaiVoicesFor('gpt-4o-mini-tts-2025-12-15')).toEqual(OPENAI_VOICES);
  });

  it('leaves ballad out for tts-1, tts-1-hd and unknown models', () => {
    const legacy = ['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer'];
    expect(openaiVoicesFor('tts-1')).toEqual(legacy);
    expect(openaiVoicesFor('tts-1-hd')).toEqual(legacy);
    expect(openaiVoicesFor('kokoro')).toEqual(legacy);
    expect(openaiVoicesFor('gpt-4o-mini-ttsx')).toEqual(legacy);
  });

  it('labels options with the capitalised voice name', () => {
    const options = openaiVoiceOptions('gpt-4o-mini-tts');
    expect(options[0]).toEqual({ label: 'Alloy', value: 'alloy' });
    expect(options.map((o) => o.value)).toContain('ballad');
    expect(openaiVoiceOptions('tts-1').map((o) => o.value)).not.toContain('ballad');
  });
});
