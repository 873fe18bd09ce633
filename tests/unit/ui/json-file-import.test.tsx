// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { JsonFileImport } from '../../../components/ui/JsonFileImport';
import { byText, mount } from '../support/dom';

async function render() {
  const chosen: File[] = [];
  const { container } = await mount(<JsonFileImport label="Import…" fileLabel="Prompt file" onFile={(file) => chosen.push(file)} />);
  const input = container.querySelector<HTMLInputElement>('input[type="file"][aria-label="Prompt file"]')!;
  return { chosen, input };
}

describe('JsonFileImport', () => {
  it('opens a hidden chooser of JSON files from its button', async () => {
    const { input } = await render();
    expect(input.hidden).toBe(true);
    expect(input.accept).toBe('application/json,.json');
    let opened = 0;
    input.addEventListener('click', (e) => {
      e.preventDefault();
      opened++;
    });
    await act(async () => byText('button', 'Import…')!.click());
    expect(opened).toBe(1);
  });

  it('hands over the file chosen, and lets the same file be chosen again', async () => {
    const { chosen, input } = await render();
    const file = new File(['{}'], 'prompts.json', { type: 'application/json' });
    let cleared = false;
    // The browser only reports a change when the chooser's value differs; setting it empty is what allows a second pick.
    Object.defineProperty(input, 'value', { get: () => '', set: (v: string) => void (cleared = v === ''), configurable: true });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(chosen).toEqual([file]);
    expect(cleared).toBe(true);
  });
});
