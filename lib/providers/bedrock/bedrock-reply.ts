/**
 * What every Bedrock model family's reply decoder shares: a streamed reply is
 * a series of JSON documents (one per event-stream chunk, or one Converse
 * event each) whose text is passed on at once, while tool calls, token counts
 * and the stop reason are gathered and reported when the reply is over.
 */
import type { ChatEvent, ChatRequest, FinishReason, ToolCall, Usage } from '../../core/chat';
import { fail } from '../../core/errors';

export type JsonObject = Record<string, unknown>;

export interface ReplyDecoder {
  /** The text one chunk or event carries, in order; anything else in it is kept for the end. */
  push(payload: unknown): string[];
  /** Tool calls, usage and the finish; nothing when the reply stopped without a stop reason (it was cut off). */
  end(): ChatEvent[];
}

/** One model family's native InvokeModel format. */
export interface InvokeCodec {
  body(request: ChatRequest): JsonObject;
  decoder(): ReplyDecoder;
  /** A whole, non-streamed reply as the events a stream of it would have produced. */
  whole(body: unknown): ChatEvent[];
}

export function record(value: unknown, what = 'A chunk of the Bedrock stream'): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('malformed-stream', `${what} is not a JSON object.`);
  return value as JsonObject;
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

const utf8 = new TextDecoder();

/** Stop reasons of Anthropic's Messages API and of Converse/Nova, which share most of their names. */
export function bedrockStop(reason: unknown): FinishReason {
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

/** A chunk's bytes are one JSON document; a SyntaxError here is a malformed stream. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  return JSON.parse(utf8.decode(bytes));
}

/** The tool call arguments a model produced, as the object the wire formats want. */
export function argumentsObject(json: string): unknown {
  try {
    const parsed: unknown = JSON.parse(json || '{}');
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/** Bedrock appends its own token counts to the last chunk of every InvokeModel stream. */
const INVOCATION_METRICS = 'amazon-bedrock-invocationMetrics';

export class ReplyState {
  private readonly calls = new Map<number, PartialCall>();
  private usage: Usage = {};
  private metrics: Usage = {};
  stop?: FinishReason;

  startCall(index: number, id: unknown, name: unknown, args = ''): void {
    this.calls.set(index, { id: text(id) ?? '', name: text(name) ?? '', arguments: args });
  }

  appendArguments(index: number, fragment: unknown): void {
    const call = this.calls.get(index);
    if (!call) fail('malformed-stream', 'Tool call arguments arrived for a tool call that never started.');
    if (typeof fragment === 'string') call.arguments += fragment;
  }

  /** Counts the model family reports itself; later values replace earlier ones. */
  noteUsage(input: unknown, output: unknown): void {
    const inputTokens = count(input);
    const outputTokens = count(output);
    if (inputTokens !== undefined) this.usage.inputTokens = inputTokens;
    if (outputTokens !== undefined) this.usage.outputTokens = outputTokens;
  }

  noteMetrics(payload: JsonObject): void {
    const metrics = field(payload, INVOCATION_METRICS);
    if (!metrics) return;
    this.metrics = { inputTokens: count(metrics.inputTokenCount), outputTokens: count(metrics.outputTokenCount) };
  }

  end(): ChatEvent[] {
    // The caller says the answer was cut off; tool calls and counts of a cut reply are not to be trusted.
    if (!this.stop) return [];
    const events: ChatEvent[] = [];
    const calls: ToolCall[] = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: c.arguments || '{}' }));
    for (const call of calls) events.push({ type: 'tool-call', call });
    const inputTokens = this.usage.inputTokens ?? this.metrics.inputTokens;
    const outputTokens = this.usage.outputTokens ?? this.metrics.outputTokens;
    if (inputTokens !== undefined || outputTokens !== undefined) {
      events.push({
        type: 'usage',
        usage: { ...(inputTokens !== undefined ? { inputTokens } : {}), ...(outputTokens !== undefined ? { outputTokens } : {}) },
      });
    }
    // The adapter shell turns the stop of a model that asked for tools into 'tool-calls'.
    events.push({ type: 'finish', reason: this.stop });
    return events;
  }
}

/** A non-streamed reply goes through the same decoder, as if it were one chunk. */
export function wholeReply(decoder: ReplyDecoder, body: unknown): ChatEvent[] {
  const texts = decoder.push(body).filter(Boolean);
  return [...texts.map((t): ChatEvent => ({ type: 'text-delta', text: t })), ...decoder.end()];
}
