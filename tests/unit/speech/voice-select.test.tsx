// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { VoiceSelect, type PickerGroup } from '../../../components/speech/VoiceSelect';
import { mount } from '../support/dom';

const anna = { label: 'Anna', value: 'anna' };
const thomas = { label: 'Thomas', value: 'thomas' };

async function render(groups: PickerGroup[], onChange: (voice: string) => void = () => undefined) {
  const { container } = await mount(
    <>
      <label htmlFor="voice">Voice</label>
      <VoiceSelect id="voice" value="" groups={groups} onChange={onChange}>
        <option value="">Default voice</option>
      </VoiceSelect>
    </>,
  );
  return container.querySelector<HTMLSelectElement>('select#voice')!;
}

describe('VoiceSelect', () => {
  it('lists the voices after the given options, each under its language’s own name when there are several', async () => {
    const select = await render([
      { locale: 'de-DE', voices: [anna] },
      { locale: 'fr-FR', voices: [thomas] },
    ]);
    expect(select.labels[0]?.textContent).toBe('Voice');
    expect([...select.options].map((o) => [o.parentElement?.getAttribute('label') ?? null, o.value, o.textContent])).toEqual([
      [null, '', 'Default voice'],
      ['Deutsch', 'anna', 'Anna'],
      ['Français', 'thomas', 'Thomas'],
    ]);
  });

  it('lists one language’s voices without a heading', async () => {
    const select = await render([{ locale: 'de-DE', voices: [anna] }]);
    expect(select.querySelector('optgroup')).toBeNull();
    expect([...select.options].map((o) => o.value)).toEqual(['', 'anna']);
  });

  it('reports the voice chosen', async () => {
    const chosen: string[] = [];
    const select = await render([{ voices: [anna, thomas] }], (voice) => chosen.push(voice));
    await act(async () => {
      select.value = 'thomas';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(chosen).toEqual(['thomas']);
  });
});
