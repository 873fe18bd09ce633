/**
 * The OpenAI chat completions wire, spoken by OpenAI, every compatible server
 * and preset, and Azure AI Inference: the request body, and each streamed
 * chunk as the shell's WireEvents. Transport (SDK or not) is the caller's.
 */
import type { ChatMessage, ChatRequest, ToolDefinition } from '../core/chat';
import type { ImagePart } from '../core/images';
import type { WireEvent } from './define-adapter';
import { commonFinish, count, list, record, text } from './wire-common';

/** Where servers speaking the same wire still differ. */
export interface WireQuirks {
  /** OpenAI's newer models refuse max_tokens; servers that copy the API mostly know only max_tokens. */
  maxTokens: 'max_tokens' | 'max_completion_tokens';
  /** Whether to ask for usage in the stream (stream_options), which not every server accepts. */
  streamUsage: boolean;
  /** What an assistant turn that only called tools carries as content: null, or nothing at all. */
  emptyToolTurn: 'null' | 'omit';
}

type WireMessage = Record<string, unknown> & { role: string };

/** A user turn with images as content parts: its text, then each image as a data URL. */
function userParts(m: ChatMessage & { images: ImagePart[] }) {
  return [
    ...(m.content ? [{ type: 'text', text: m.content }] : []),
    ...m.images.map((i) => ({ type: 'image_url', image_url: { url: `data:${i.mimeType};base64,${i.data}` } })),
  ];
}

function toWireMessage(m: ChatMessage, quirks: WireQuirks): WireMessage {
  if (m.role === 'tool') return { role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' };
  if (m.role === 'user' && m.images?.length) return { role: 'user', content: userParts({ ...m, images: m.images }) };
  if (m.role !== 'assistant' || !m.toolCalls?.length) return { role: m.role, content: m.content };
  const content = m.content || (quirks.emptyToolTurn === 'null' ? null : undefined);
  return {
    role: 'assistant',
    ...(content === undefined ? {} : { content }),
    tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
  };
}

/** A tool as OpenAI's wire declares it; Ollama's native API takes the same shape. */
export function toWireTool(t: ToolDefinition) {
  return { type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } };
}

/** The streamed chat completions body; unset parameters stay out. */
export function chatCompletionsBody(request: ChatRequest, quirks: WireQuirks) {
  const p = request.params ?? {};
  return {
    model: request.model,
    messages: request.messages.map((m) => toWireMessage(m, quirks)),
    stream: true as const,
    ...(quirks.streamUsage ? { stream_options: { include_usage: true } } : {}),
    tools: request.tools?.length ? request.tools.map(toWireTool) : undefined,
    temperature: p.temperature,
    top_p: p.topP,
    [quirks.maxTokens]: p.maxTokens,
    stop: p.stop?.length ? p.stop : undefined,
    frequency_penalty: p.frequencyPenalty,
    presence_penalty: p.presencePenalty,
  };
}

/** One chunk of the stream as events: the first choice's text and tool call fragments, usage, the finish. */
function* chunkEvents(raw: unknown): Generator<WireEvent> {
  const chunk = record(raw);
  const usage = chunk.usage ? record(chunk.usage, 'The usage') : undefined;
  if (usage) yield { type: 'usage', usage: { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) } };
  const choice = list(chunk.choices, 'The choices')
    .map((c) => record(c, 'A choice'))
    .find((c) => (c.index ?? 0) === 0);
  if (!choice) return;
  const delta = choice.delta === undefined || choice.delta === null ? {} : record(choice.delta, 'A delta');
  if (typeof delta.content === 'string' && delta.content) yield { type: 'text-delta', text: delta.content };
  for (const part of list(delta.tool_calls, 'The tool calls')) {
    const call = record(part, 'A tool call');
    const fn = call.function ? record(call.function, 'A tool call function') : {};
    const args = typeof fn.arguments === 'string' ? fn.arguments : undefined;
    yield { type: 'tool-fragment', index: count(call.index), id: text(call.id), name: text(fn.name), arguments: args };
  }
  const finish = commonFinish(choice.finish_reason);
  if (finish) yield { type: 'finish', reason: finish };
}

/**
 * A whole stream of chunks. One that ends with [DONE] but no finish reason
 * still ended well; one with neither was cut off, and yields no finish.
 */
export async function* completionEvents(chunks: AsyncIterable<unknown>, sawDone: () => boolean): AsyncGenerator<WireEvent> {
  let finished = false;
  for await (const chunk of chunks) {
    for (const event of chunkEvents(chunk)) {
      if (event.type === 'finish') finished = true;
      yield event;
    }
  }
  if (!finished && sawDone()) yield { type: 'finish', reason: 'other' };
}
