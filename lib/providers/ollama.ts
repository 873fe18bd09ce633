import type { ChatMessage, ChatRequest } from '../core/chat';
import { codeForStatus, fail, type ChatErrorCode } from '../core/errors';
import type { ModelInfo } from '../core/providers';
import { parseNdjson } from '../transport/ndjson';
import type { FetchLike } from '../transport/secure-fetch';
import { joinUrl, parseHttpUrl } from '../transport/url-policy';
import { defineAdapter, OPENAI_TOOL_LIMIT, policyFetch, type WireEvent } from './define-adapter';
import { toWireTool } from './openai-wire';
import type { ProviderContext } from './types';
import { argumentsObject, commonFinish, count, field, record, text, type JsonObject } from './wire-common';

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

function baseUrl(ctx: ProviderContext): string {
  const raw = ctx.settings.baseUrl?.trim() || DEFAULT_OLLAMA_URL;
  parseHttpUrl(raw);
  return raw;
}

function toWireMessage(m: ChatMessage): JsonObject {
  const out: JsonObject = { role: m.role, content: m.content };
  // Ollama takes bare base64, its decoder finding the format.
  if (m.images?.length) out.images = m.images.map((i) => i.data);
  if (m.role === 'assistant' && m.toolCalls?.length) {
    // Ollama wants arguments as an object, where the chat model keeps the model's JSON text.
    out.tool_calls = m.toolCalls.map((c) => ({ function: { name: c.name, arguments: argumentsObject(c.arguments) } }));
  }
  if (m.role === 'tool' && m.name) out.tool_name = m.name;
  return out;
}

export function buildOllamaBody(request: ChatRequest): Record<string, unknown> {
  const p = request.params ?? {};
  return {
    model: request.model,
    messages: request.messages.map(toWireMessage),
    stream: true,
    tools: request.tools?.length ? request.tools.map(toWireTool) : undefined,
    options: {
      temperature: p.temperature,
      top_p: p.topP,
      num_predict: p.maxTokens,
      stop: p.stop?.length ? p.stop : undefined,
      frequency_penalty: p.frequencyPenalty,
      presence_penalty: p.presencePenalty,
    },
  };
}

function codeForReply(status: number, message: string): ChatErrorCode {
  // Ollama refuses Origins outside OLLAMA_ORIGINS, which includes every extension by default.
  if (status === 403) return 'origin-rejected';
  if (status === 404 && /model/i.test(message)) return 'model-not-found';
  if (status === 400 && /does not support tools/i.test(message)) return 'unsupported';
  return codeForStatus(status);
}

async function failForReply(res: Response): Promise<never> {
  const text = await res.text().catch(() => '');
  let message = text.trim();
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    // Not JSON (403s have no body at all): keep the text.
  }
  return fail(codeForReply(res.status, message), message || `Ollama answered ${res.status}`, { status: res.status });
}

function toToolCall(raw: unknown): WireEvent {
  const call = raw as JsonObject | null;
  const fn = field(call, 'function');
  const name = text(fn?.name);
  if (name === undefined) fail('malformed-stream', 'An Ollama tool call has no function name.');
  const args = fn?.arguments;
  return { type: 'tool-fragment', id: text(call?.id), name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) };
}

function modelsFrom(body: unknown): ModelInfo[] {
  const list = (body as { models?: unknown } | null)?.models;
  if (!Array.isArray(list)) fail('malformed-stream', 'Ollama /api/tags did not return a model list.');
  return list
    .map((m: { name?: unknown }) => m?.name)
    .filter((name): name is string => typeof name === 'string')
    .map((id) => ({ id }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

async function* stream(ctx: ProviderContext, request: ChatRequest): AsyncGenerator<WireEvent> {
  // A loading model answers 503, and a busy server 429: both retry by the shared policy.
  const res = await policyFetch(ctx)(joinUrl(baseUrl(ctx), '/api/chat'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(buildOllamaBody(request)),
    signal: ctx.signal,
  });
  if (!res.ok) await failForReply(res);
  if (!res.body) fail('malformed-stream', 'Ollama answered without a body.');
  for await (const value of parseNdjson(res.body)) {
    const line = record(value, 'A line of the Ollama stream');
    if (line.error !== undefined) fail('server-error', String(line.error));
    const message = field(line, 'message');
    const content = message?.content;
    if (typeof content === 'string' && content) yield { type: 'text-delta', text: content };
    const toolCalls = message?.tool_calls;
    if (Array.isArray(toolCalls)) for (const raw of toolCalls) yield toToolCall(raw);
    if (line.done === true) {
      const inputTokens = count(line.prompt_eval_count);
      const outputTokens = count(line.eval_count);
      if (inputTokens !== undefined || outputTokens !== undefined) yield { type: 'usage', usage: { inputTokens, outputTokens } };
      // Ollama says "load" or "unload" when no answer was generated.
      yield { type: 'finish', reason: commonFinish(line.done_reason) ?? 'other' };
      return;
    }
  }
  // No `done: true`: the stream was cut off, and the shell leaves the caller to say so.
}

export const ollamaAdapter = defineAdapter({
  kind: 'ollama',
  // Ollama documents no cap on the number of tools: OpenAI's is used.
  maxTools: OPENAI_TOOL_LIMIT,
  stream,
  async models(ctx) {
    const res = await policyFetch(ctx)(joinUrl(baseUrl(ctx), '/api/tags'), { signal: ctx.signal });
    if (!res.ok) await failForReply(res);
    return modelsFrom(await res.json());
  },
});

/**
 * Whether an Ollama answers at `base`, and with which models, so a first run
 * can offer a local model with no setup. Anything but a prompt, well-formed
 * answer (refused origin included) counts as no Ollama.
 */
export async function detectOllama(fetch: FetchLike, base: string = DEFAULT_OLLAMA_URL, timeoutMs = 1500): Promise<ModelInfo[] | null> {
  try {
    const res = await fetch(joinUrl(base, '/api/tags'), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    return modelsFrom(await res.json());
  } catch {
    return null;
  }
}
