// @vitest-environment jsdom
import { act } from 'react';
import { deleteDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, DB_NAME } from '../../../lib/storage/db';
import { getPref } from '../../../lib/storage/prefs';
import { starterPrompts } from '../../../lib/prompts/bundled-starters';
import { promptsDocument } from '../../../lib/prompts/prompts-file';
import { MAX_LIBRARY_ENTRIES } from '../../../lib/prompts/library-limit';
import { savePrompts } from '../../../lib/prompts/library';
import { pendingConfirm } from '../../../components/ui/confirm';
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
  const view = await mount(<PromptSettings />, locale);
  container = view.container;
  await settle(() => container.querySelectorAll('.prompt-item').length > 0);
  return view;
}

const alertText = () => container.querySelector('[role="alert"]')?.textContent;

/** Chooses a file holding `text` in the import's file input, as the browser's file chooser does. */
async function choose(text: string) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"][aria-label="Prompt library file"]')!;
  Object.defineProperty(input, 'files', {
    value: [new File([text], 'prompts.json', { type: 'application/json' })],
    configurable: true,
  });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
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

  it('saves the prompts of an imported file at once, leaving unsaved edits unsaved, and refuses a damaged file', async () => {
    const view = await open();
    await act(async () => type(container.querySelector<HTMLInputElement>('.prompt-item input:not([type])')!, 'Explain, unsaved'));
    const haiku = { id: 'explain', title: 'Haiku', text: 'Turn {{selection}} into a haiku.', inMenu: true };
    await choose(JSON.stringify(promptsDocument([haiku])));
    await settle(() => toasted('Prompts added and saved: 1.'));
    expect(titles()[0]).toBe('Explain, unsaved');
    expect(titles().at(-1)).toBe('Haiku');
    const saved = (await getPref('prompts'))!;
    // The starter "Explain" keeps its id and its saved title; the imported prompt that claimed the id gets another.
    expect(saved.filter((p) => p.id === 'explain').map((p) => p.title)).toEqual(['Explain']);
    expect(saved.at(-1)).toEqual({ ...haiku, id: expect.not.stringMatching(/^explain$/) });

    view.unmount();
    await open();
    expect(titles().at(-1)).toBe('Haiku');

    await choose('{"format":"parley.prompts","version":1,"prompts":[{"id":"x","__proto__":{}}]}');
    await settle(() => !!alertText());
    expect(alertText()).toContain('Nothing was added.');
    expect(titles().at(-1)).toBe('Haiku');
  });

  it('imports only the prompts that fit if the user agrees, then refuses any more, naming the limit', async () => {
    const library = Array.from({ length: MAX_LIBRARY_ENTRIES - 2 }, (_, i) => ({ id: `p${i}`, title: `P${i}`, text: 'x', inMenu: false }));
    await savePrompts(library);
    await open();
    const incoming = ['A', 'B', 'C'].map((title) => ({ id: title, title, text: `${title} text`, inMenu: false }));
    const asked = async () => {
      await choose(JSON.stringify(promptsDocument(incoming)));
      await settle(() => !!pendingConfirm.get());
      return pendingConfirm.get()!;
    };
    const question = await asked();
    expect(question.message).toBe(
      'This file adds 3 prompts, but the library holds at most 1,000 and already has 998: only the first 2 fit.',
    );
    expect(question.confirmLabel).toBe('Import 2');
    await act(async () => question.resolve(false));
    expect(await getPref('prompts')).toHaveLength(MAX_LIBRARY_ENTRIES - 2);

    await act(async () => (await asked()).resolve(true));
    await settle(() => toasted('Prompts added and saved: 2.'));
    expect((await getPref('prompts'))!.slice(-2).map((p) => p.title)).toEqual(['A', 'B']);
    expect(titles().slice(-2)).toEqual(['A', 'B']);
    expect(byText<HTMLButtonElement>('button', 'Add a prompt')!.disabled).toBe(true);

    await choose(JSON.stringify(promptsDocument([{ ...incoming[2]!, id: 'C' }])));
    await settle(() => !!alertText());
    expect(alertText()).toBe('The library holds at most 1,000 prompts. Delete some to add or import more.');

    const tooMany = Array.from({ length: MAX_LIBRARY_ENTRIES + 1 }, (_, i) => ({ id: `q${i}`, title: `Q${i}`, text: 'y', inMenu: false }));
    await choose(JSON.stringify(promptsDocument(tooMany)));
    await settle(() => alertText()?.startsWith('This file') === true);
    expect(alertText()).toBe('This file holds 1,001 prompts, more than the 1,000 a library can hold. Nothing was added.');
    expect(await getPref('prompts')).toHaveLength(MAX_LIBRARY_ENTRIES);
  }, 60_000);
});
