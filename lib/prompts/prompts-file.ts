/**
 * The prompt library's export file and its strict reader. An imported file is untrusted: it is refused when it holds
 * more entries than a library does or when any object in it carries a prototype key, every field is type-checked and
 * bounded, and only the known fields are copied, so nothing unexpected reaches the library.
 */
import type { Persona, SavedPrompt } from '../core/prompts';
import { EXPORT_FORMAT as CONVERSATIONS_FORMAT } from '../storage/export-format';
import { ImportError, boolean, invalid, list, number, record, string } from '../storage/field-readers';
import { SPEECH_ENGINE_IDS, type SpeechEngineId } from '../core/speech-engines';
import { TEMPERATURE_RANGE } from './personas';
import { checkLibraryLimit } from './library-limit';

const PROMPTS_FORMAT = 'parley.prompts';
const PROMPTS_VERSION = 1;

const MAX_TITLE = 200;
const MAX_TEXT = 50_000;
const MAX_ID = 200;
/** Voice ids are short ("en-US-AvaMultilingualNeural", a browser voice's name); longer is not one. */
const MAX_VOICE = 200;

/** Keys that would reach Object.prototype if a record were ever merged or spread. */
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

export interface PromptsDocument {
  format: typeof PROMPTS_FORMAT;
  version: typeof PROMPTS_VERSION;
  /** ISO 8601 time of export. */
  exportedAt: string;
  prompts: SavedPrompt[];
  personas?: Persona[];
}

/** The library file: the prompts and, when given, the personas (each section of Settings reads back its own part). */
export function promptsDocument(prompts: readonly SavedPrompt[], now = new Date(), personas?: readonly Persona[]): PromptsDocument {
  return {
    format: PROMPTS_FORMAT,
    version: PROMPTS_VERSION,
    exportedAt: now.toISOString(),
    prompts: prompts.map(copy),
    ...(personas ? { personas: personas.map(copyPersona) } : {}),
  };
}

const copyPersona = ({ id, name, systemPrompt, model, temperature, voice }: Persona): Persona => ({
  id,
  name,
  systemPrompt,
  ...(model ? { model: { providerId: model.providerId, model: model.model } } : {}),
  ...(temperature === undefined ? {} : { temperature }),
  ...(voice ? { voice: { engine: voice.engine, voice: voice.voice } } : {}),
});

const copy = ({ id, title, text, inMenu }: SavedPrompt): SavedPrompt => ({ id, title, text, inMenu });

/** An object with no prototype key of its own, as JSON.parse makes `"__proto__"` an ordinary key. */
function safeRecord(value: unknown, path: string): Record<string, unknown> {
  const v = record(value, path);
  const forbidden = Object.keys(v).find((key) => FORBIDDEN_KEYS.includes(key));
  if (forbidden) invalid(`${path}.${forbidden}`, 'no prototype key');
  return v;
}

function bounded(value: unknown, path: string, max: number): string {
  const text = string(value, path);
  if (text.length > max) invalid(path, `at most ${max} characters`);
  return text;
}

function readPrompt(value: unknown, path: string): SavedPrompt {
  const v = safeRecord(value, path);
  const prompt = {
    id: bounded(v.id, `${path}.id`, MAX_ID),
    title: bounded(v.title, `${path}.title`, MAX_TITLE),
    text: bounded(v.text, `${path}.text`, MAX_TEXT),
    inMenu: boolean(v.inMenu, `${path}.inMenu`),
  };
  if (!prompt.id || !prompt.title.trim() || !prompt.text.trim()) invalid(path, 'a prompt with an id, a title and a text');
  return prompt;
}

function readPersona(value: unknown, path: string): Persona {
  const v = safeRecord(value, path);
  const persona: Persona = {
    id: bounded(v.id, `${path}.id`, MAX_ID),
    name: bounded(v.name, `${path}.name`, MAX_TITLE),
    systemPrompt: bounded(v.systemPrompt, `${path}.systemPrompt`, MAX_TEXT),
  };
  if (!persona.id || !persona.name.trim() || !persona.systemPrompt.trim())
    invalid(path, 'a persona with an id, a name and a system prompt');
  if (v.model !== undefined) {
    const model = safeRecord(v.model, `${path}.model`);
    persona.model = {
      providerId: bounded(model.providerId, `${path}.model.providerId`, MAX_ID),
      model: bounded(model.model, `${path}.model.model`, MAX_TITLE),
    };
  }
  if (v.temperature !== undefined) {
    const temperature = number(v.temperature, `${path}.temperature`);
    if (temperature < TEMPERATURE_RANGE.min || temperature > TEMPERATURE_RANGE.max) invalid(`${path}.temperature`, 'a number from 0 to 2');
    persona.temperature = temperature;
  }
  if (v.voice !== undefined) {
    const voice = safeRecord(v.voice, `${path}.voice`);
    const engine = string(voice.engine, `${path}.voice.engine`);
    if (!SPEECH_ENGINE_IDS.includes(engine as SpeechEngineId)) invalid(`${path}.voice.engine`, SPEECH_ENGINE_IDS.join(', '));
    const name = bounded(voice.voice, `${path}.voice.voice`, MAX_VOICE);
    if (!name) invalid(`${path}.voice.voice`, 'a voice');
    persona.voice = { engine: engine as SpeechEngineId, voice: name };
  }
  return persona;
}

/**
 * The checked root of a library file or a full export, holding the list `field`; throws ImportError otherwise, and
 * LibraryLimitError for a list longer than a library holds.
 */
function readRoot(doc: unknown, field: 'prompts' | 'personas'): unknown[] {
  const root = safeRecord(doc, '');
  if (root.format !== PROMPTS_FORMAT && root.format !== CONVERSATIONS_FORMAT) invalid('format', `"${PROMPTS_FORMAT}"`);
  const version = number(root.version, 'version');
  if (version !== PROMPTS_VERSION) throw new ImportError('unsupported-version', 'version', `version ${version} is not supported`);
  const items = root[field];
  if (!Array.isArray(items)) invalid(field, 'an array');
  checkLibraryLimit(items.length);
  return items;
}

/** The prompts of a prompt library export, or of a full export that carries the library; throws ImportError otherwise. */
export function readPromptsDocument(doc: unknown): SavedPrompt[] {
  return list(readRoot(doc, 'prompts'), 'prompts', readPrompt);
}

/** The personas of a library export or a full export; throws ImportError for a file without them. */
export function readPersonasDocument(doc: unknown): Persona[] {
  return list(readRoot(doc, 'personas'), 'personas', readPersona);
}

/**
 * The file's text as a document; ImportError when it is not JSON. Its size is not capped: a full export is as large
 * as its conversations and images, and a full library of long prompts passes any cap that would still mean something,
 * so the entry limit and the field bounds are what keep a file in check (the conversation import reads files whole too).
 */
export function parsePromptsFile(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalid('', 'JSON');
  }
}

/**
 * `saved` with `incoming` added after it. Nothing is overwritten: an entry whose id is taken gets a fresh one, and
 * one that `same` finds already there is not added twice.
 */
function mergeEntries<T extends { id: string }>(
  saved: readonly T[],
  incoming: readonly T[],
  same: (a: T, b: T) => boolean,
  newId: () => string,
): T[] {
  const ids = new Set(saved.map((p) => p.id));
  const added: T[] = [];
  for (const entry of incoming) {
    if ([...saved, ...added].some((p) => same(p, entry))) continue;
    const id = ids.has(entry.id) ? newId() : entry.id;
    ids.add(id);
    added.push({ ...entry, id });
  }
  return [...saved, ...added];
}

/** The library with imported prompts after it; a prompt it holds word for word is not added twice. */
export function mergePrompts(library: readonly SavedPrompt[], incoming: readonly SavedPrompt[], newId: () => string): SavedPrompt[] {
  return mergeEntries(library, incoming, (a, b) => a.title === b.title && a.text === b.text, newId);
}

/** The personas with imported ones after them; one with the same name and system prompt is not added twice. */
export function mergePersonas(saved: readonly Persona[], incoming: readonly Persona[], newId: () => string): Persona[] {
  return mergeEntries(saved, incoming, (a, b) => a.name === b.name && a.systemPrompt === b.systemPrompt, newId);
}
