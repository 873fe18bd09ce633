// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VoicePicker } from '../../../components/speech/VoicePicker';
import type { PickerGroup } from '../../../components/speech/VoiceSelect';
import { byText, mount } from '../support/dom';

let container: HTMLElement;

const ava = { label: 'Ava Multilingual', value: 'Ava Multilingual' };
/** A browser voice reported for two locales, as Edge's multilingual voices are. */
const groups: PickerGroup[] = [
  { locale: 'en-US', voices: [ava, { label: 'Samantha', value: 'Samantha' }] },
  { locale: 'fr-FR', voices: [ava, { label: 'Thomas', value: 'Thomas' }] },
];

const select = (label: string) => {
  const element = byText<HTMLLabelElement>('label', label, container)!;
  return document.getElementById(element.htmlFor) as HTMLSelectElement;
};
const voiceValues = () => [...select('Voice').options].map((o) => o.value).filter(Boolean);

beforeEach(async () => {
  ({ container } = await mount(<VoicePicker groups={groups} value="" locale="fr-FR" allowDefault onChange={() => undefined} />));
});

describe('VoicePicker', () => {
  it('keeps a voice in each language it speaks', () => {
    expect(voiceValues()).toEqual(['Ava Multilingual', 'Thomas']);
  });

  it('lists a voice reported for two languages once under "All languages"', async () => {
    const language = select('Voice language');
    await act(async () => {
      language.value = 'all';
      language.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(voiceValues()).toEqual(['Ava Multilingual', 'Samantha', 'Thomas']);
  });
});
