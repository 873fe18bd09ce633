import type { ReactNode } from 'react';
import { NATIVE_NAMES } from '../../lib/i18n/native-names';
import type { LocaleCode } from '../../lib/i18n/languages';
import type { VoiceOption } from '../../lib/speech/voices';
import type { FieldControlProps } from '../ui/Field';

export interface PickerGroup {
  /** Absent for voices that speak every language. */
  locale?: LocaleCode;
  voices: readonly VoiceOption[];
}

/** The select's id and description come from the field that labels it. */
interface Props extends FieldControlProps {
  value: string;
  groups: readonly PickerGroup[];
  onChange(voice: string): void;
  /** Options listed before the voices, such as "the default voice". */
  children?: ReactNode;
}

const voiceOptions = (voices: readonly VoiceOption[]) =>
  voices.map((v) => (
    <option key={v.value} value={v.value}>
      {v.label}
    </option>
  ));

/** A list of voices for the speech settings and a persona alike: each under its language's name when there are several. */
export function VoiceSelect({ value, groups, onChange, children, ...control }: Props) {
  return (
    <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
      {children}
      {groups.map((g) =>
        g.locale && groups.length > 1 ? (
          <optgroup key={g.locale} label={NATIVE_NAMES[g.locale]}>
            {voiceOptions(g.voices)}
          </optgroup>
        ) : (
          voiceOptions(g.voices)
        ),
      )}
    </select>
  );
}
