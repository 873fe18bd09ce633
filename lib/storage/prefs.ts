import type { McpServerRecord } from '../core/mcp';
import type { ModelRef, ProviderModels, ProviderView } from '../core/providers';
import type { Persona, SavedPrompt } from '../core/prompts';
import { notifyChange } from './change-feed';
import { getDb } from './db';

export interface CustomPrompt {
  id: string;
  title: string;
  prompt: string;
}

/**
 * User preferences, one record per key. To add one: add the field here and,
 * unless it is optional, its default to DEFAULT_PREFS.
 */
export interface Prefs {
  selectedModel?: ModelRef;
  /** Colour theme chosen by the user; absent means follow the system. */
  theme?: 'light' | 'dark';
  /** Interface locale chosen by the user; absent means follow the browser. */
  locale?: string;
  /** Conversation the panel reopens on. */
  lastConversationId?: string;
  onboardingDone: boolean;
  /** Context-menu quick actions send at once rather than filling the composer. */
  quickActionSendsImmediately: boolean;
  /** "Ask about selection" sends at once rather than waiting for a question. */
  askSendsImmediately: boolean;
  /** The right-click quick actions of versions before the prompt library; read once into it (lib/prompts/library.ts). */
  customPrompts: CustomPrompt[];
  /** The prompt library in the user's order; absent until the user first changes it, when the starter set applies. */
  prompts?: SavedPrompt[];
  personas: Persona[];
  /** The persona a new chat starts with; absent means none. */
  defaultPersonaId?: string;
  /**
   * Voices, speed, auto-read and dictation. Its shape belongs to lib/speech, which reads it only through
   * normalizeSpeechSettings (older versions stored less), so storage keeps it as it is and needs no default.
   */
  speech?: unknown;
  /**
   * Where first-run detection looks for Ollama; absent means Ollama's default
   * address. No screen sets it: tests point it at a mock on a free port, so
   * they never need the port a developer's real Ollama holds.
   */
  localOllamaUrl?: string;
  /** Damaged stored records were repaired or set aside and the user has not yet dismissed the notice. */
  storageRepairNotice?: boolean;
  /** An answer with no data from its provider for this long is given up (kept as incomplete). */
  streamIdleTimeoutMs: number;
  /** MCP servers the user added; their tokens and headers are sealed in the vault. */
  mcpServers: McpServerRecord[];
  /**
   * The last provider and model listing the background gave the panel (no secrets: views say only which secret
   * fields are filled). A panel opened while the worker starts shows it at once, then the fresh one.
   */
  modelListing?: { providers: ProviderView[]; models: ProviderModels[] };
}

export const DEFAULT_PREFS: Readonly<Prefs> = {
  onboardingDone: false,
  quickActionSendsImmediately: true,
  askSendsImmediately: false,
  customPrompts: [],
  personas: [],
  streamIdleTimeoutMs: 90_000,
  mcpServers: [],
};

export async function getPref<K extends keyof Prefs>(key: K): Promise<Prefs[K]> {
  return orDefault(key, await (await getDb()).get('prefs', key));
}

/** Several preferences read in one transaction: what a page needs before its first paint, at the cost of one round trip. */
export async function getPrefs<K extends keyof Prefs>(keys: readonly K[]): Promise<Pick<Prefs, K>> {
  const store = (await getDb()).transaction('prefs').store;
  const values = await Promise.all(keys.map((key) => store.get(key)));
  return Object.fromEntries(keys.map((key, i) => [key, orDefault(key, values[i])])) as Pick<Prefs, K>;
}

function orDefault<K extends keyof Prefs>(key: K, stored: unknown): Prefs[K] {
  // A copy, so a caller mutating the result cannot alter the shared default; a
  // stored value of the wrong shape (an old version's, a bug's) yields the default too.
  return stored === undefined || !sameShape(stored, DEFAULT_PREFS[key]) ? structuredClone(DEFAULT_PREFS[key]) : (stored as Prefs[K]);
}

/** Setting undefined removes the stored value, so the default applies again. */
export async function setPref<K extends keyof Prefs>(key: K, value: Prefs[K]): Promise<void> {
  const db = await getDb();
  if (value === undefined) await db.delete('prefs', key);
  else await db.put('prefs', value, key);
  notifyChange({ type: 'prefs', id: key });
}

const shapeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** Whether a stored pref has its default's shape; prefs without a default are taken as stored. */
function sameShape(stored: unknown, fallback: unknown): boolean {
  return fallback === undefined || shapeOf(stored) === shapeOf(fallback);
}
