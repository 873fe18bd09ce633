/**
 * Which listed models can hold a conversation, and which one to start with.
 * Services list everything they host (speech, transcription, embeddings,
 * images, moderation); offering those in a chat only leads to a refusal.
 */
import type { ModelInfo, ProviderKind } from '../core/providers';

/** Families that take or give something other than a text conversation; matched on word boundaries of the id. */
const NOT_CHAT: readonly RegExp[] = [
  /\btts\b/, // gpt-4o-mini-tts, tts-1
  /\bwhisper\b/,
  /\btranscribe\b/,
  /\bembed(ding)?s?\b/, // text-embedding-3-small, nomic-embed-text, gemini-embedding-001
  /\bdall-e\b/,
  /\bmoderation\b/,
  /\brealtime\b/,
  /\baudio\b/, // gpt-4o-audio-preview needs audio in or out
  /\bgpt-image\b/,
  /\bimagen\b/,
  /\bsora\b/,
  /\bveo\b/,
  /^(babbage|davinci)-002$/, // legacy completions only
  /^gpt-3\.5-turbo-instruct\b/,
];

export function isChatModel(id: string): boolean {
  const name = id.toLowerCase();
  return !NOT_CHAT.some((pattern) => pattern.test(name));
}

export function chatModels(models: readonly ModelInfo[]): ModelInfo[] {
  return models.filter((m) => isChatModel(m.id));
}

/**
 * Good first choices per kind, best first: capable, fast and inexpensive.
 * Matched as a whole id, else as part of one (Bedrock's ids carry region and version).
 */
const RECOMMENDED: Partial<Record<ProviderKind, readonly string[]>> = {
  openai: ['gpt-4.1-mini', 'gpt-4o-mini', 'gpt-5-mini', 'gpt-4.1', 'gpt-4o'],
  'openai-compatible': ['gpt-4.1-mini', 'gpt-4o-mini', 'gpt-5-mini', 'gpt-4.1', 'gpt-4o'],
  gemini: ['gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-flash-latest', 'gemini-2.5-pro'],
  bedrock: ['claude-sonnet-4', 'claude-3-7-sonnet', 'claude-3-5-sonnet', 'claude-3-5-haiku', 'nova-pro', 'nova-lite'],
};

/**
 * The model a provider is best started with: its kind's first recommendation
 * that the service has, else the first model in the service's own order
 * (Ollama lists the most recently used first; a single-model service has one).
 */
export function recommendedModel(kind: ProviderKind, models: readonly ModelInfo[]): string | undefined {
  for (const wanted of RECOMMENDED[kind] ?? []) {
    const hit = models.find((m) => m.id === wanted) ?? models.find((m) => m.id.includes(wanted));
    if (hit) return hit.id;
  }
  return models[0]?.id;
}
