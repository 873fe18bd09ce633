/**
 * What every Bedrock model family's reply decoder shares: a streamed reply is
 * a series of JSON documents (one per event-stream chunk, or one Converse
 * event each) whose text is passed on at once, while tool calls, token counts
 * and the stop reason are gathered and reported when the reply is over.
 */
import type { ChatEvent, ChatRequest, FinishReason, Usage } from '../../core/chat';
import { fail } from '../../core/errors';
import { ToolCalls } from '../define-adapter';
import { count, field, messagesStop, record, text, type JsonObject } from '../wire-common';

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

const utf8 = new TextDecoder();

/** A chunk's bytes are one JSON document; a SyntaxError here is a malformed stream. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  return JSON.parse(utf8.decode(bytes));
}

/** Bedrock appends its own token counts to the last chunk of every InvokeModel stream. */
const INVOCATION_METRICS = 'amazon-bedrock-invocationMetrics';

class ReplyState {
  private readonly calls = new ToolCalls();
  private usage: Usage = {};
  private metrics: Usage = {};
  stop?: FinishReason;

  startCall(index: number, id: unknown, name: unknown, args = ''): void {
    this.calls.add({ type: 'tool-fragment', index, id: text(id), name: text(name), arguments: args });
  }

  appendArguments(index: number, fragment: unknown): void {
    if (!this.calls.has(index)) fail('malformed-stream', 'Tool call arguments arrived for a tool call that never started.');
    this.calls.add({ type: 'tool-fragment', index, arguments: text(fragment) });
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
    for (const call of this.calls.done()) events.push({ type: 'tool-call', call });
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

/**
 * A decoder from what one chunk means to a family: `read` notes its tool calls,
 * counts and stop in the state, and returns its text.
 */
export function replyDecoder(read: (chunk: JsonObject, state: ReplyState) => unknown): ReplyDecoder {
  const state = new ReplyState();
  return {
    push(payload) {
      const chunk = record(payload, 'A chunk of the Bedrock stream');
      state.noteMetrics(chunk);
      const piece = text(read(chunk, state));
      return piece ? [piece] : [];
    },
    end: () => state.end(),
  };
}

/**
 * A whole reply of content blocks (Claude's message, Converse's output) as the
 * events a stream of it would give: `read` notes a block's tool call and returns its text.
 */
export function blocksReply(
  reply: JsonObject,
  parts: { usage: [input: unknown, output: unknown]; stop: unknown; blocks: unknown },
  read: (block: JsonObject, index: number, state: ReplyState) => unknown,
): ChatEvent[] {
  const state = new ReplyState();
  state.noteMetrics(reply);
  state.noteUsage(...parts.usage);
  state.stop = messagesStop(parts.stop);
  const blocks = Array.isArray(parts.blocks) ? (parts.blocks as unknown[]) : [];
  const texts = blocks.map((raw, index) => text(read(record(raw, 'A content block'), index, state)));
  return [...texts.filter((t): t is string => Boolean(t)).map((t): ChatEvent => ({ type: 'text-delta', text: t })), ...state.end()];
}

/** A non-streamed reply goes through the same decoder, as if it were one chunk. */
export function wholeReply(decoder: ReplyDecoder, body: unknown): ChatEvent[] {
  const texts = decoder.push(body).filter(Boolean);
  return [...texts.map((t): ChatEvent => ({ type: 'text-delta', text: t })), ...decoder.end()];
}
