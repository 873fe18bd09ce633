/**
 * The prompt library's export file and its strict reader. An imported file is untrusted: it is refused when too
 * large or when any object in it carries a prototype key, every field is type-checked and bounded, and only the known
 * fields are copied, so nothing unexpected reaches the library.
 */
import type { SavedPrompt } from '../core/prompts';
import {
  EXPORT_FORMAT as CONVERSATIONS_FORMAT,
  ImportError,
  boolean,
  invalid,
  list,
  number,
  record,
  string,
} from '../storage/export-format';

export const PROMPTS_FORMAT = 'parley.prompts';
export const PROMPTS_VERSION = 1;

/** Far more than anyone's library; a file above it is not one. */
export const MAX_PROMPTS_FILE_BYTES = 2_000_000;
const MAX_PROMPTS = 1_000;
const MAX_TITLE = 200;
const MAX_TEXT = 50_000;
const MAX_ID = 200;

/** Keys that would reach Object.prototype if a record were ever merged or spread. */
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

export interface PromptsDocument {
  format: typeof PROMPTS_FORMAT;
  version: typeof PROMPTS_VERSION;
  /** ISO 8601 time of export. */
  exportedAt: string;
  prompts: SavedPrompt[];
}

export function promptsDocument(prompts: readonly SavedPrompt[], now = new Date()): PromptsDocument {
  return { format: PROMPTS_FORMAT, version: PROMPTS_VERSION, exportedAt: now.toISOString(), prompts: prompts.map(copy) };
}

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

/**
 * The prompts of a prompt library export, or of a full export (a conversations file that carries the library);
 * throws ImportError for anything else.
 */
export function readPromptsDocument(doc: unknown): SavedPrompt[] {
  const root = safeRecord(doc, '');
  if (root.format === CONVERSATIONS_FORMAT && root.prompts === undefined) invalid('prompts', 'a file with prompts');
  if (root.format !== PROMPTS_FORMAT && root.format !== CONVERSATIONS_FORMAT) invalid('format', `"${PROMPTS_FORMAT}"`);
  const version = number(root.version, 'version');
  if (version !== PROMPTS_VERSION) throw new ImportError('unsupported-version', 'version', `version ${version} is not supported`);
  if (Array.isArray(root.prompts) && root.prompts.length > MAX_PROMPTS) invalid('prompts', `at most ${MAX_PROMPTS} prompts`);
  return list(root.prompts, 'prompts', readPrompt);
}

/** The file's text as a document; ImportError when it is too large or not JSON. */
export function parsePromptsFile(text: string): unknown {
  if (new TextEncoder().encode(text).byteLength > MAX_PROMPTS_FILE_BYTES) invalid('', `a file under ${MAX_PROMPTS_FILE_BYTES} bytes`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalid('', 'JSON');
  }
}

/**
 * The library with `incoming` added after it. Nothing is overwritten: a prompt whose id is taken gets a fresh one,
 * and a prompt the library already holds word for word is not added twice.
 */
export function mergePrompts(library: readonly SavedPrompt[], incoming: readonly SavedPrompt[], newId: () => string): SavedPrompt[] {
  const ids = new Set(library.map((p) => p.id));
  const same = (a: SavedPrompt, b: SavedPrompt) => a.title === b.title && a.text === b.text;
  const added: SavedPrompt[] = [];
  for (const prompt of incoming) {
    if ([...library, ...added].some((p) => same(p, prompt))) continue;
    const id = ids.has(prompt.id) ? newId() : prompt.id;
    ids.add(id);
    added.push({ ...prompt, id });
  }
  return [...library, ...added];
}
