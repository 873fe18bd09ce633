/**
 * The content-block message schema that Amazon Nova's InvokeModel body
 * ("messages-v1") and Bedrock's Converse API share: the same messages,
 * system blocks and streamed events (contentBlockStart / contentBlockDelta /
 * messageStop / metadata), so one mapping and one decoder serve both.
 */
import type { ContentBlock, ConverseStreamCommandInput, ImageFormat, Message, SystemContentBlock } from '@aws-sdk/client-bedrock-runtime';
import type { DocumentType } from '@smithy/types';
import { base64ToBytes } from '../../core/base64';
import type { ChatEvent, ChatMessage, ChatRequest } from '../../core/chat';
import type { ImagePart } from '../../core/images';
import { alternatingTurns, argumentsObject, count, field, messagesStop, record, type JsonObject } from '../wire-common';
import type { BedrockConfig } from './bedrock-config';
import { blocksReply, replyDecoder, type InvokeCodec, type ReplyDecoder } from './bedrock-reply';

/**
 * An image's bytes as each API carries them: Converse's SDK takes the bytes
 * and encodes them itself; Nova's InvokeModel body is JSON, so base64 text.
 */
type ImageBytes = (base64: string) => Uint8Array | string;

const FORMATS: Readonly<Record<ImagePart['mimeType'], ImageFormat>> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

function imageBlock(image: ImagePart, bytes: ImageBytes): ContentBlock {
  // Nova's body takes the same block with base64 text where Converse's SDK type says bytes.
  return { image: { format: FORMATS[image.mimeType], source: { bytes: bytes(image.data) as Uint8Array } } };
}

function blocksOf(m: ChatMessage, bytes: ImageBytes): ContentBlock[] {
  if (m.role === 'tool') {
    return [{ toolResult: { toolUseId: m.toolCallId ?? '', content: [m.content ? { text: m.content } : { json: {} }] } }];
  }
  // Images first, then the question, as both APIs advise; both refuse blank text blocks.
  const blocks: ContentBlock[] = (m.images ?? []).map((i) => imageBlock(i, bytes));
  if (m.content.trim()) blocks.push({ text: m.content });
  for (const c of m.toolCalls ?? [])
    blocks.push({ toolUse: { toolUseId: c.id, name: c.name, input: argumentsObject(c.arguments) as DocumentType } });
  return blocks;
}

function messagesV1(messages: readonly ChatMessage[], bytes: ImageBytes): { system: SystemContentBlock[]; messages: Message[] } {
  const system = messages.filter((m) => m.role === 'system' && m.content.trim()).map((m): SystemContentBlock => ({ text: m.content }));
  return { system, messages: alternatingTurns(messages, (m) => blocksOf(m, bytes)) };
}

const asBytes: ImageBytes = (base64) => new Uint8Array(base64ToBytes(base64));
const asBase64: ImageBytes = (base64) => base64;

function inferenceConfig(request: ChatRequest) {
  const p = request.params ?? {};
  return { maxTokens: p.maxTokens, temperature: p.temperature, topP: p.topP, stopSequences: p.stop?.length ? p.stop : undefined };
}

/** ConverseStream's (and Converse's) input: the request plus the provider's guardrail and latency settings. */
export function converseInput(request: ChatRequest, config: BedrockConfig): ConverseStreamCommandInput {
  const { system, messages } = messagesV1(request.messages, asBytes);
  return {
    modelId: request.model,
    messages,
    system: system.length ? system : undefined,
    inferenceConfig: inferenceConfig(request),
    toolConfig: request.tools?.length
      ? {
          tools: request.tools.map((t) => ({
            toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.parameters as DocumentType } },
          })),
        }
      : undefined,
    guardrailConfig: config.guardrail
      ? {
          guardrailIdentifier: config.guardrail.identifier,
          guardrailVersion: config.guardrail.version,
          trace: config.trace ? 'enabled' : 'disabled',
        }
      : undefined,
    performanceConfig: config.latencyOptimized ? { latency: 'optimized' } : undefined,
  };
}

/** Decodes ConverseStream events and Nova's InvokeModel chunks, which have the same shape. */
export function messagesDecoder(): ReplyDecoder {
  return replyDecoder((event, state) => {
    const start = field(event, 'contentBlockStart');
    const toolStart = field(field(start, 'start'), 'toolUse');
    if (toolStart) state.startCall(count(start?.contentBlockIndex) ?? 0, toolStart.toolUseId, toolStart.name);
    const stop = field(event, 'messageStop');
    if (stop) state.stop = messagesStop(stop.stopReason);
    const usage = field(field(event, 'metadata'), 'usage');
    if (usage) state.noteUsage(usage.inputTokens, usage.outputTokens);
    const delta = field(event, 'contentBlockDelta');
    const toolDelta = field(field(delta, 'delta'), 'toolUse');
    if (toolDelta) state.appendArguments(count(delta?.contentBlockIndex) ?? 0, toolDelta.input);
    return field(delta, 'delta')?.text;
  });
}

/** A whole reply (Converse's output, or Nova's InvokeModel body): output.message.content, stopReason, usage. */
export function messagesWhole(body: unknown): ChatEvent[] {
  const reply = record(body, 'The Bedrock reply');
  const blocks = field(field(reply, 'output'), 'message')?.content;
  const usage = field(reply, 'usage');
  return blocksReply(reply, { usage: [usage?.inputTokens, usage?.outputTokens], stop: reply.stopReason, blocks }, (block, index, state) => {
    const toolUse = field(block, 'toolUse');
    if (toolUse) state.startCall(index, toolUse.toolUseId, toolUse.name, JSON.stringify(toolUse.input ?? {}));
    return block.text;
  });
}

function novaBody(request: ChatRequest): JsonObject {
  const { system, messages } = messagesV1(request.messages, asBase64);
  return { schemaVersion: 'messages-v1', ...(system.length ? { system } : {}), messages, inferenceConfig: inferenceConfig(request) };
}

export const novaCodec: InvokeCodec = { body: novaBody, decoder: messagesDecoder, whole: messagesWhole };
