// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { PersonaSettings } from '../../../components/prompts/PersonaSettings';
import { toasts } from '../../../components/ui/toast';
import { promptsDocument } from '../../../lib/prompts/prompts-file';
import { MAX_LIBRARY_ENTRIES } from '../../../lib/prompts/library-limit';
import { saveSpeechSettings } from '../../../lib/speech/speech-prefs';
import { DEFAULT_SPEECH_SETTINGS } from '../../../lib/speech/speech-settings';
import { neuralVoiceOptions } from '../../../lib/speech/voices';
import { byText, mount, settle, type } from '../support/dom';

let container: HTMLElement;

const field = (label: string) => {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(found.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
const save = () => act(async () => byText('button', 'Save personas')!.click());
const alertText = () => container.querySelector('[role="alert"]')?.textContent;

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  toasts.set([]);
  ({ container } = await mount(<PersonaSettings />));
  await settle(() => !!byText('button', 'Add a persona'));
});

describe('Settings › Personas', () => {
  it('adds a persona with a temperature, refusing it half-filled or out of range, and makes it the default', async () => {
    await act(async () => byText('button', 'Add a persona')!.click());
    await act(async () => type(field('Name'), ' Pirate '));
    await save();
    expect(alertText()).toBe('Give every persona a name and a system prompt.');

    await act(async () => {
      type(field('System prompt'), 'Talk like a pirate.');
      type(field('Temperature (empty for the model’s default)'), '3');
    });
    await save();
    expect(alertText()).toBe('Give each temperature as a number from 0 to 2, or leave it empty.');
    expect(await getPref('personas')).toEqual([]);

    await act(async () => {
      type(field('Temperature (empty for the model’s default)'), '0.9');
      byText('label', 'Default for new chats')!.querySelector('input')!.click();
    });
    await save();
    await settle(() => toasts.get().some((t) => t.message === 'Personas saved.'));
    const [saved] = await getPref('personas');
    expect(saved).toEqual({ id: expect.any(String), name: 'Pirate', systemPrompt: 'Talk like a pirate.', temperature: 0.9 });
    expect(await getPref('defaultPersonaId')).toBe(saved!.id);

    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Delete Pirate"]')!.click());
    await save();
    await expect.poll(() => getPref('personas')).toEqual([]);
    expect(await getPref('defaultPersonaId')).toBeUndefined();
  });

  it("gives a persona a voice of the speech settings' engine, keeps it when that engine changes, and can drop it", async () => {
    await act(() => saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine: 'edge' }));
    const katja = neuralVoiceOptions('de-DE')[0]!;
    await act(async () => byText('button', 'Add a persona')!.click());
    const voiceField = () => field('Voice for reading answers aloud') as unknown as HTMLSelectElement;
    await settle(() => [...voiceField().options].some((o) => o.value === katja.value));
    expect(voiceField().selectedOptions[0]?.textContent).toBe('Speech settings’ voice');
    expect(voiceField().querySelector(`optgroup[label="Deutsch"] option[value="${katja.value}"]`)?.textContent).toBe(katja.label);

    const choose = (value: string) =>
      act(async () => {
        voiceField().value = value;
        voiceField().dispatchEvent(new Event('change', { bubbles: true }));
      });
    await act(async () => {
      type(field('Name'), 'Erzähler');
      type(field('System prompt'), 'Erzähle Geschichten.');
    });
    await choose(katja.value);
    await save();
    await expect.poll(async () => (await getPref('personas'))[0]?.voice).toEqual({ engine: 'edge', voice: katja.value });

    await act(() => saveSpeechSettings({ ...DEFAULT_SPEECH_SETTINGS, engine: 'openai' }));
    await settle(() => [...voiceField().options].some((o) => o.value === 'alloy'));
    expect(voiceField().selectedOptions[0]?.textContent).toBe(`${katja.value} (another speech engine’s voice)`);
    await save();
    await settle(() => toasts.get().filter((t) => t.message === 'Personas saved.').length === 2);
    expect((await getPref('personas'))[0]?.voice).toEqual({ engine: 'edge', voice: katja.value });

    await choose('nova');
    await save();
    await expect.poll(async () => (await getPref('personas'))[0]?.voice).toEqual({ engine: 'openai', voice: 'nova' });
    await choose('');
    await save();
    await expect
      .poll(async () => (await getPref('personas'))[0])
      .toEqual({ id: expect.any(String), name: 'Erzähler', systemPrompt: 'Erzähle Geschichten.' });
  });

  it('saves the personas of an imported file at once, leaving unsaved edits unsaved, and refuses a file without any', async () => {
    const input = () => container.querySelector<HTMLInputElement>('input[type="file"][aria-label="Personas file"]')!;
    const choose = async (text: string) => {
      Object.defineProperty(input(), 'files', {
        value: [new File([text], 'personas.json', { type: 'application/json' })],
        configurable: true,
      });
      await act(async () => input().dispatchEvent(new Event('change', { bubbles: true })));
    };
    await act(async () => byText('button', 'Add a persona')!.click());
    await act(async () => type(field('Name'), 'Half-written'));
    const pirate = { id: 'pirate', name: 'Pirate', systemPrompt: 'Talk like a pirate.', temperature: 1.2 };
    await choose(JSON.stringify(promptsDocument([], new Date(), [pirate])));
    await settle(() => toasts.get().some((t) => t.message === 'Personas added and saved: 1.'));
    expect(await getPref('personas')).toEqual([pirate]);
    const names = () => [...container.querySelectorAll<HTMLInputElement>('.prompt-item input[dir="auto"]')].map((i) => i.value);
    expect(names()).toEqual(['Half-written', 'Pirate']);

    ({ container } = await mount(<PersonaSettings />));
    await settle(() => names().length > 0);
    expect(names()).toEqual(['Pirate']);

    await choose(JSON.stringify(promptsDocument([], new Date())));
    await settle(() => !!alertText());
    expect(alertText()).toBe('This file holds no Parley personas, or it is damaged. Nothing was added.');
  });

  it('refuses a file with more personas than Parley keeps, naming the limit', async () => {
    const input = container.querySelector<HTMLInputElement>('input[type="file"][aria-label="Personas file"]')!;
    const personas = Array.from({ length: MAX_LIBRARY_ENTRIES + 1 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, systemPrompt: 'x' }));
    Object.defineProperty(input, 'files', {
      value: [new File([JSON.stringify(promptsDocument([], new Date(), personas))], 'personas.json', { type: 'application/json' })],
    });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle(() => !!alertText());
    expect(alertText()).toBe('This file holds 1,001 personas, more than the 1,000 Parley can keep. Nothing was added.');
    expect(await getPref('personas')).toEqual([]);
  });
});
