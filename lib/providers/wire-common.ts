/**
 * What several wire mappings share: readers for the JSON a service streams
 * (anything not of the expected shape is a malformed stream), and the request
 * shapes more than one API asks for.
 */
import type { ChatMessage, FinishReason } from '../core/chat';
import { fail } from '../core/errors';

export type JsonObject = Record<string, unknown>;

export function record(value: unknown, what = 'A chunk of the stream'): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('malformed-stream', `${what} is not a JSON object.`);
  return value as JsonObject;
}

/** A list that may be absent; anything else in its place is a malformed stream. */
export function list(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail('malformed-stream', `${what} is not a list.`);
  return value;
}

/** A nested object, or undefined when the field is absent or not an object. */
export function field(value: unknown, key: string): JsonObject | undefined {
  const inner = (value as JsonObject | undefined)?.[key];
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as JsonObject) : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The finish reasons OpenAI's wire made common; Ollama and Bedrock's prompt-template models use them too. */
export function commonFinish(reason: unknown): FinishReason | undefined {
  if (typeof reason !== 'string') return undefined;
  if (reason === 'stop') return 'stop';
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool-calls';
  if (reason === 'content_filter') return 'content-filter';
  return 'other';
}

/** Stop reasons of Anthropic's Messages API and of Bedrock's Converse (and Nova), which share most of their names. */
export function messagesStop(reason: unknown): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'refusal':
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'content-filter';
    default:
      return 'other';
  }
}

/** Tool call arguments as the object most wires want; a model's malformed JSON is replayed as no arguments rather than fail the turn. */
export function argumentsObject(json: string): JsonObject {
  try {
    const parsed: unknown = JSON.parse(json || '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as JsonObject) : {};
  } catch {
    return {};
  }
}

/** The system messages as one text, for the APIs that take the system prompt apart from the turns. */
export function systemText(messages: readonly ChatMessage[]): string {
  return messages
    .filter((m) => m.role === 'system' && m.content)
    .map((m) => m.content)
    .join('\n\n');
}

export interface Turn<Block> {
  role: 'user' | 'assistant';
  content: Block[];
}

/**
 * The conversation as the APIs that want strictly alternating turns take it
 * (Claude, Converse, Gemini): system messages left out, tool results in a user
 * turn, turns with nothing to say dropped, and consecutive turns of one role
 * joined (parallel tool results must share one turn).
 */
export function alternatingTurns<Block>(messages: readonly ChatMessage[], blocksOf: (m: ChatMessage) => Block[]): Turn<Block>[] {
  const turns: Turn<Block>[] = [];
  for (const m of messages) {
    if (m.role === 'system') continue;
    const role = m.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(m);
    if (!blocks.length) continue;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  return turns;
}
