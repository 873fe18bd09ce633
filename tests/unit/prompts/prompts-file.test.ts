import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../lib/storage/field-readers';
import { LibraryLimitError, MAX_LIBRARY_ENTRIES } from '../../../lib/prompts/library-limit';
import {
  mergePersonas,
  mergePrompts,
  parsePromptsFile,
  readPersonasDocument,
  promptsDocument,
  readPromptsDocument,
} from '../../../lib/prompts/prompts-file';

const prompt = (id: string, title = id) => ({ id, title, text: `${title}: {{selection}}`, inMenu: id === 'a' });
const file = (prompts: unknown, extra: Record<string, unknown> = {}) => ({
  format: 'parley.prompts',
  version: 1,
  exportedAt: '2026-11-24T00:00:00.000Z',
  prompts,
  ...extra,
});

function refusal(doc: unknown): string {
  try {
    readPromptsDocument(doc);
  } catch (e) {
    if (e instanceof ImportError) return e.path;
    throw e;
  }
  return 'accepted';
}

describe('prompt library files', () => {
  it('reads back what it exports, in order', () => {
    const doc = JSON.parse(JSON.stringify(promptsDocument([prompt('a'), prompt('b')], new Date(0))));
    expect(doc).toMatchObject({ format: 'parley.prompts', version: 1, exportedAt: '1970-01-01T00:00:00.000Z' });
    expect(readPromptsDocument(doc)).toEqual([prompt('a'), prompt('b')]);
  });

  it('reads the library out of a full export, and refuses a conversations file without one', () => {
    const full = { format: 'parley.conversations', version: 1, exportedAt: 'x', conversations: [], prompts: [prompt('a')] };
    expect(readPromptsDocument(full)).toEqual([prompt('a')]);
    expect(refusal({ ...full, prompts: undefined })).toBe('prompts');
  });

  it('copies only the known fields, dropping anything else a file carries', () => {
    const [read] = readPromptsDocument(file([{ ...prompt('a'), script: '<b>', nested: { deep: [1] } }]));
    expect(read).toEqual(prompt('a'));
  });

  it('refuses prototype keys anywhere it reads, wrong types, empty prompts and oversized fields', () => {
    expect(refusal(JSON.parse(`{"format":"parley.prompts","version":1,"exportedAt":"x","prompts":[],"__proto__":{"x":1}}`))).toBe(
      '.__proto__',
    );
    expect(
      refusal(
        JSON.parse(
          `{"format":"parley.prompts","version":1,"exportedAt":"x","prompts":[{"id":"a","title":"T","text":"x","inMenu":true,"constructor":1}]}`,
        ),
      ),
    ).toBe('prompts[0].constructor');
    expect(refusal(file([{ ...prompt('a'), inMenu: 'yes' }]))).toBe('prompts[0].inMenu');
    expect(refusal(file([{ ...prompt('a'), title: '  ' }]))).toBe('prompts[0]');
    expect(refusal(file([{ ...prompt('a'), title: 'x'.repeat(201) }]))).toBe('prompts[0].title');
    expect(refusal(file('not a list'))).toBe('prompts');
    expect(refusal({ ...file([]), format: 'parley.plugins' })).toBe('format');
    expect(() => readPromptsDocument({ ...file([]), version: 2 })).toThrow(expect.objectContaining({ code: 'unsupported-version' }));
  });

  it('reads back a full library of long prompts, and a full library of personas, from the file it exports', () => {
    const long = 'x'.repeat(5_000);
    const prompts = Array.from({ length: MAX_LIBRARY_ENTRIES }, (_, i) => ({ ...prompt(`p${i}`), text: `${i} ${long}` }));
    const personas = prompts.map((p) => ({ id: p.id, name: p.title, systemPrompt: p.text }));
    const text = JSON.stringify(promptsDocument(prompts, new Date(), personas));
    expect(text.length).toBeGreaterThan(2 * MAX_LIBRARY_ENTRIES * long.length);
    expect(readPromptsDocument(parsePromptsFile(text))).toEqual(prompts);
    expect(readPersonasDocument(parsePromptsFile(text))).toEqual(personas);
  });

  it('refuses a file with more prompts or personas than a library holds, naming how many it has', () => {
    const prompts = Array.from({ length: MAX_LIBRARY_ENTRIES + 1 }, (_, i) => prompt(`p${i}`));
    expect(() => readPromptsDocument(file(prompts))).toThrow(new LibraryLimitError(MAX_LIBRARY_ENTRIES + 1));
    const personas = prompts.map((p) => ({ id: p.id, name: p.title, systemPrompt: p.text }));
    expect(() => readPersonasDocument(file([], { personas }))).toThrow(expect.objectContaining({ count: MAX_LIBRARY_ENTRIES + 1 }));
  });

  it('refuses a file that is not JSON before reading it', () => {
    expect(() => parsePromptsFile('{"format":')).toThrow(ImportError);
    expect(parsePromptsFile('{"a":1}')).toEqual({ a: 1 });
  });

  it('adds imported prompts after the library, renaming taken ids and skipping exact copies', () => {
    let n = 0;
    const merged = mergePrompts([prompt('a'), prompt('b')], [prompt('a'), { ...prompt('b', 'Other') }, prompt('c')], () => `new${++n}`);
    expect(merged.map((p) => [p.id, p.title])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['new1', 'Other'],
      ['c', 'c'],
    ]);
  });

  it('carries personas with their model and temperature, checked like prompts', () => {
    const pirate = {
      id: 'pirate',
      name: 'Pirate',
      systemPrompt: 'Talk like a pirate.',
      temperature: 1.2,
      model: { providerId: 'p', model: 'm' },
    };
    const doc = JSON.parse(JSON.stringify(promptsDocument([], new Date(0), [{ ...pirate, extra: 1 } as never])));
    expect(readPersonasDocument(doc)).toEqual([pirate]);
    expect(readPromptsDocument(doc)).toEqual([]);
    const refused = (persona: unknown) => {
      try {
        readPersonasDocument({ ...doc, personas: [persona] });
      } catch (e) {
        return (e as ImportError).path;
      }
      return 'accepted';
    };
    expect(refused({ ...pirate, temperature: 3 })).toBe('personas[0].temperature');
    expect(refused({ ...pirate, systemPrompt: '' })).toBe('personas[0]');
    expect(refused(JSON.parse('{"id":"x","name":"N","systemPrompt":"S","model":{"providerId":"p","model":"m","__proto__":{}}}'))).toBe(
      'personas[0].model.__proto__',
    );
    expect(refused({ id: 'x', name: 'N', systemPrompt: 'S' })).toBe('accepted');
    expect(() => readPersonasDocument(file([]))).toThrow(ImportError);
  });

  it("keeps a persona's voice through export and import, and refuses an unknown engine or an over-long voice", () => {
    const narrator = {
      id: 'narrator',
      name: 'Narrator',
      systemPrompt: 'Tell stories.',
      voice: { engine: 'edge' as const, voice: 'en-GB-SoniaNeural' },
    };
    const doc = JSON.parse(
      JSON.stringify(promptsDocument([], new Date(0), [{ ...narrator, voice: { ...narrator.voice, extra: 1 } } as never])),
    );
    expect(doc.personas[0].voice).toEqual(narrator.voice);
    expect(readPersonasDocument(doc)).toEqual([narrator]);
    const refused = (voice: unknown) => {
      try {
        readPersonasDocument({ ...doc, personas: [{ ...narrator, voice }] });
      } catch (e) {
        return (e as ImportError).path;
      }
      return 'accepted';
    };
    expect(refused({ engine: 'espeak', voice: 'x' })).toBe('personas[0].voice.engine');
    expect(refused({ engine: 'openai', voice: 'v'.repeat(201) })).toBe('personas[0].voice.voice');
    expect(refused({ engine: 'openai', voice: '' })).toBe('personas[0].voice.voice');
    expect(refused('alloy')).toBe('personas[0].voice');
    expect(refused({ engine: 'openai', voice: 'alloy' })).toBe('accepted');
  });

  it('adds imported personas after the saved ones, renaming taken ids and skipping exact copies', () => {
    const saved = [{ id: 'a', name: 'A', systemPrompt: 'x' }];
    const merged = mergePersonas(
      saved,
      [
        { id: 'a', name: 'A', systemPrompt: 'x' },
        { id: 'a', name: 'B', systemPrompt: 'y' },
      ],
      () => 'new',
    );
    expect(merged.map((p) => [p.id, p.name])).toEqual([
      ['a', 'A'],
      ['new', 'B'],
    ]);
  });
});
