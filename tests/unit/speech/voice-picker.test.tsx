// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { VoicePicker, type PickerGroup } from '@/components/speech/VoicePicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;

const ava = { label: 'Ava Multilingual', value: 'Ava Multilingual' };
/** A browser voice reported for two locales, as Edge's multilingual voices are. */
const groups: PickerGroup[] = [
  { locale: 'en-US', voices: [ava, { label: 'Samantha', value: 'Samantha' }] },
  { locale: 'fr-FR', voices: [ava, { label: 'Thomas', value: 'Thomas' }] },
];

const select = (label: string) => {
  const element = [...container.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(element.htmlFor) as HTMLSelectElement;
};
const voiceValues = () => [...select('Voice').options].map((o) => o.value).filter(Boolean);

beforeEach(async () => {
  const i18n = await createI18n('en-US');
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(
      <I18nextProvider i18n={i18n}>
        <VoicePicker groups={groups} value="" locale="fr-FR" allowDefault onChange={() => undefined} />
      </I18nextProvider>,
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
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
