// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { starterPrompts } from '../../../lib/prompts/bundled-starters';
import { promptsDocument } from '../../../lib/prompts/prompts-file';
import { PromptSettings } from '../../../components/prompts/PromptSettings';
import { toasts } from '../../../components/ui/toast';
import { byText, mount, settle, type } from '../support/dom';

let container: HTMLElement;

const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const titles = () => [...container.querySelectorAll<HTMLInputElement>('.prompt-item input:not([type])')].map((i) => i.value);
const toasted = (message: string) => toasts.get().some((t) => t.message === message && t.tone === 'success');
const save = () => act(async () => byText('button', 'Save prompts')!.click());

beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  toasts.set([]);
});

async function open(locale = 'en-US') {
  ({ container } = await mount(<PromptSettings />, locale));
  await settle(() => container.querySelectorAll('.prompt-item').length > 0);
}

describe('Settings › Prompt library', () => {
  it('starts from the starter set in the interface language', async () => {
    await open('de-DE');
    expect(titles()).toEqual(starterPrompts('de-DE').map((p) => p.title));
  });

  it('reorders, duplicates and deletes, then saves the list in its new order', async () => {
    await open();
    await act(async () => button('Move Summarize up').click());
    await act(async () => button('Duplicate Explain').click());
    await act(async () => button('Delete Fix grammar').click());
    expect(titles().slice(0, 4)).toEqual(['Summarize', 'Explain', 'Explain (copy)', 'Translate']);
    await save();
    await settle(() => toasted('Prompts saved.'));
    const saved = (await getPref('prompts'))!;
    expect(saved.map((p) => p.title)).toEqual([
      'Summarize',
      'Explain',
      'Explain (copy)',
      'Translate',
      'Summarize this page',
      'Rewrite clearly',
    ]);
    expect(saved[2]!.text).toBe(saved[1]!.text);
    expect(saved[2]!.id).not.toBe(saved[1]!.id);
  });

  it('adds a prompt for the right-click menu and refuses a half-filled one', async () => {
    await open();
    await act(async () => byText('button', 'Add a prompt')!.click());
    const items = container.querySelectorAll('.prompt-item');
    const added = items[items.length - 1]!;
    await act(async () => type(added.querySelector('input:not([type])')!, '  Haiku  '));
    await save();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Give every prompt a title and a text.');
    expect(await getPref('prompts')).toBeUndefined();

    await act(async () => {
      type(added.querySelector('textarea')!, 'Turn {{selection}} into a haiku.');
      added.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    });
    await save();
    await settle(() => toasted('Prompts saved.'));
    expect((await getPref('prompts'))!.at(-1)).toEqual({
      id: expect.any(String),
      title: 'Haiku',
      text: 'Turn {{selection}} into a haiku.',
      inMenu: true,
    });
  });

  it('adds the prompts of an imported file to the list, to be saved like any change, and refuses a damaged file', async () => {
    await open();
    const input = container.querySelector<HTMLInputElement>('input[type="file"][aria-label="Prompt library file"]')!;
    const choose = async (text: string) => {
      Object.defineProperty(input, 'files', {
        value: [new File([text], 'prompts.json', { type: 'application/json' })],
        configurable: true,
      });
      await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    };
    const haiku = { id: 'explain', title: 'Haiku', text: 'Turn {{selection}} into a haiku.', inMenu: true };
    await choose(JSON.stringify(promptsDocument([haiku])));
    await settle(() => titles().at(-1) === 'Haiku');
    expect(toasts.get().some((t) => t.message === 'Prompts added: 1. Save to keep them.')).toBe(true);
    expect(await getPref('prompts')).toBeUndefined();
    await save();
    await settle(() => toasted('Prompts saved.'));
    const saved = (await getPref('prompts'))!;
    // The starter "Explain" keeps its id; the imported prompt that claimed it gets another.
    expect(saved.filter((p) => p.id === 'explain').map((p) => p.title)).toEqual(['Explain']);
    expect(saved.at(-1)).toEqual({ ...haiku, id: expect.not.stringMatching(/^explain$/) });

    await choose('{"format":"parley.prompts","version":1,"prompts":[{"id":"x","__proto__":{}}]}');
    await settle(() => !!container.querySelector('[role="alert"]'));
    expect(container.querySelector('[role="alert"]')!.textContent).toContain('Nothing was added.');
    expect(titles().at(-1)).toBe('Haiku');
  });
});
