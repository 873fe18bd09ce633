/**
 * The one shell every adapter is built on. A provider supplies only its wire
 * mapping (a stream of WireEvents, a model list, its own error names); the
 * shell keeps the promises every adapter owes its caller: `chat` never throws
 * and ends with one `finish` or one `error`, tool calls streamed in fragments
 * are assembled, and a model that asked for tools finishes with 'tool-calls'.
 */
import type { ChatEvent, ChatRequest, FinishReason, ToolCall, Usage } from '../core/chat';
import { ChatFailure, serviceError, type ChatError } from '../core/errors';
import type { ModelInfo, ProviderKind } from '../core/providers';
import { retryBudgetFor, retryingFetch } from '../transport/retry-policy';
import type { FetchLike } from '../transport/secure-fetch';
import { assertCredentialUrl, trimBaseUrl } from '../transport/url-policy';
import type { ProviderAdapter, ProviderContext } from './types';

/** A piece of a streamed tool call: the first names it, the rest extend its arguments. No index: a call of its own. */
export interface ToolFragment {
  type: 'tool-fragment';
  index?: number;
  id?: string;
  name?: string;
  arguments?: string;
}

/** What a wire mapping yields: the events of a reply, with tool calls whole or in fragments. An error ends it. */
export type WireEvent = ChatEvent | ToolFragment;

/**
 * OpenAI's documented cap on the tools of one chat completions request ("You may not include more than 128 tools"),
 * also used by providers whose documentation states none: a request past it is refused with a 400.
 */
export const OPENAI_TOOL_LIMIT = 128;

export interface WireAdapter {
  kind: ProviderKind;
  /** The most tool definitions one request may carry; more are refused by the service. */
  maxTools: number;
  /**
   * The reply, in order; throws on any failure. A reply that ends well yields
   * `finish` (its last one counts); one cut off before its end marker does not.
   */
  stream(ctx: ProviderContext, request: ChatRequest): AsyncIterable<WireEvent>;
  /** The models the service lists, in any order; throws on any failure. */
  models(ctx: ProviderContext): Promise<ModelInfo[]>;
  /** This service's own errors, after the shared mapping found none; undefined leaves it to the generic one. */
  error?(e: unknown, provider: string): ChatError | undefined;
  supportsTools?: ProviderAdapter['supportsTools'];
  validateConfig?: ProviderAdapter['validateConfig'];
}

/** The context's fetch, retrying by the shared policy (lib/transport/retry-policy) rather than an SDK's own. */
export function policyFetch(ctx: ProviderContext): FetchLike {
  return retryingFetch(ctx.fetch, { budget: retryBudgetFor(ctx.config.id) });
}

/** Where a keyed service is reached: the base URL typed, else its own, refused unless a key may travel there. */
export function credentialedBase(ctx: ProviderContext, fallback: string): string {
  const base = ctx.settings.baseUrl?.trim() || fallback;
  assertCredentialUrl(base);
  return trimBaseUrl(base);
}

/** Tool calls gathered while the reply streams, released once it has ended well. */
export class ToolCalls {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  add(fragment: ToolFragment): void {
    const index = fragment.index ?? this.calls.size;
    const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
    if (fragment.id) call.id = fragment.id;
    if (fragment.name) call.name = fragment.name;
    if (fragment.arguments) call.arguments += fragment.arguments;
    this.calls.set(index, call);
  }

  get size(): number {
    return this.calls.size;
  }

  has(index: number): boolean {
    return this.calls.has(index);
  }

  done(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: c.arguments || '{}' }));
  }
}

/**
 * A model that asked for tools is waiting for them, whatever it called its
 * stop (Gemini and Ollama say "stop"), unless it was cut short or filtered.
 */
function finalReason(reason: FinishReason, calledTools: boolean): FinishReason {
  return calledTools && reason !== 'length' && reason !== 'content-filter' ? 'tool-calls' : reason;
}

async function* chat(wire: WireAdapter, ctx: ProviderContext, request: ChatRequest): AsyncGenerator<ChatEvent> {
  const calls = new ToolCalls();
  let usage: Usage | undefined;
  let finish: FinishReason | undefined;
  try {
    ctx.signal.throwIfAborted();
    for await (const event of wire.stream(ctx, request)) {
      if (event.type === 'text-delta') {
        if (event.text) yield event;
      } else if (event.type === 'tool-fragment') calls.add(event);
      else if (event.type === 'tool-call') calls.add({ type: 'tool-fragment', ...event.call });
      else if (event.type === 'usage') usage = event.usage;
      else if (event.type === 'finish') finish = event.reason;
      else throw new ChatFailure(event.error);
    }
    // Some SDKs end their iteration quietly when the request is aborted.
    if (ctx.signal.aborted) throw ctx.signal.reason;
    // No end marker: the stream was cut off, and the caller is left to say so.
    if (finish === undefined) return;
    for (const call of calls.done()) yield { type: 'tool-call', call };
    if (usage) yield { type: 'usage', usage };
    yield { type: 'finish', reason: finalReason(finish, calls.size > 0) };
  } catch (e) {
    yield { type: 'error', error: serviceError(e, ctx.config.id, ctx.signal, wire.error?.bind(wire)) };
  }
}

/** An adapter from a wire mapping: the contract of ProviderAdapter, kept here once. */
export function defineAdapter(wire: WireAdapter): ProviderAdapter {
  return {
    kind: wire.kind,
    async listModels(ctx) {
      try {
        return (await wire.models(ctx)).sort((a, b) => a.id.localeCompare(b.id));
      } catch (e) {
        throw new ChatFailure(serviceError(e, ctx.config.id, ctx.signal, wire.error?.bind(wire)));
      }
    },
    chat: (ctx, request) => chat(wire, ctx, request),
    maxTools: wire.maxTools,
    ...(wire.supportsTools ? { supportsTools: wire.supportsTools } : {}),
    ...(wire.validateConfig ? { validateConfig: wire.validateConfig } : {}),
  };
}
