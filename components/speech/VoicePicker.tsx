import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleCode } from '../../lib/i18n/languages';
import { mergeVoiceGroups } from '../../lib/speech/voices';
import { NATIVE_NAMES } from '../../lib/i18n/native-names';
import { Field } from '../ui/Field';
import { VoiceSelect, type PickerGroup } from './VoiceSelect';

interface Props {
  groups: readonly PickerGroup[];
  value: string;
  /** The language the list opens on. */
  locale: LocaleCode;
  /** Offer "the browser's default voice for the language". */
  allowDefault: boolean;
  onChange(voice: string, locale: LocaleCode | undefined): void;
}

/** Past this many voices in the list, a filter box helps (espeak-ng alone reports hundreds per language). */
const FILTER_FROM = 30;

/**
 * Voices grouped by language, showing one language at a time unless the
 * user asks for all of them, so a browser reporting thousands of voices
 * still gives a list one can pick from.
 */
export function VoicePicker({ groups, value, locale, allowDefault, onChange }: Props) {
  const { t } = useTranslation();
  const byLanguage = groups.some((g) => g.locale);
  const chosenGroup = groups.find((g) => g.voices.some((v) => v.value === value))?.locale;
  const [language, setLanguage] = useState<LocaleCode | 'all'>(chosenGroup ?? locale);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const inLanguage = groups.filter((g) => !byLanguage || language === 'all' || g.locale === language);
  const shown = mergeVoiceGroups(
    inLanguage.map((g) => ({ ...g, voices: needle ? g.voices.filter((v) => v.label.toLowerCase().includes(needle)) : g.voices })),
  );
  const count = shown.reduce((n, g) => n + g.voices.length, 0);
  const listed = shown.some((g) => g.voices.some((v) => v.value === value));
  const localeOf = (voice: string) => groups.find((g) => g.voices.some((v) => v.value === voice))?.locale;

  return (
    <>
      {byLanguage && (
        <Field label={t('speech.settings.voiceLanguage')}>
          {(p) => (
            <select {...p} value={language} onChange={(e) => setLanguage(e.target.value as LocaleCode | 'all')}>
              {groups.flatMap((g) =>
                g.locale
                  ? [
                      <option key={g.locale} value={g.locale} lang={g.locale}>
                        {NATIVE_NAMES[g.locale]}
                      </option>,
                    ]
                  : [],
              )}
              <option value="all">{t('speech.settings.allLanguages')}</option>
            </select>
          )}
        </Field>
      )}
      {(count > FILTER_FROM || needle) && (
        <Field label={t('speech.settings.filterVoices')}>
          {(p) => <input {...p} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />}
        </Field>
      )}
      <Field label={t('speech.settings.voice')}>
        {(p) => (
          <VoiceSelect
            {...p}
            value={listed || (allowDefault && !value) ? value : ''}
            groups={shown}
            onChange={(voice) => onChange(voice, localeOf(voice))}
          >
            {allowDefault ? (
              <option value="">{t('speech.settings.defaultVoice')}</option>
            ) : (
              !listed && <option value="">{t('speech.settings.chooseVoice')}</option>
            )}
          </VoiceSelect>
        )}
      </Field>
      {byLanguage && !count && <p className="speech-hint">{t('speech.settings.noVoices')}</p>}
    </>
  );
}
