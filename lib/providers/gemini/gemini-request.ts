import type { Content, GenerateContentConfig, Part } from '@google/genai';
import type { ChatMessage, ChatRequest, ToolDefinition } from '../../core/chat';
import { fail } from '../../core/errors';
import { alternatingTurns, argumentsObject, systemText } from '../wire-common';

/**
 * Gemini 2.x calls functions without an id; the chat model needs one, so the
 * adapter makes one up. Made-up ids carry this prefix and are never sent back,
 * since Gemini would not recognise them.
 */
const LOCAL_CALL_ID = 'gemini-call-';

export function localCallId(): string {
  return `${LOCAL_CALL_ID}${crypto.randomUUID()}`;
}

function geminiCallId(id: string | undefined): { id: string } | Record<string, never> {
  return id && !id.startsWith(LOCAL_CALL_ID) ? { id } : {};
}

/**
 * Gemini 3 rejects a replayed function call without the thought signature it
 * came with. The chat model keeps no signatures, so replayed calls carry the
 * placeholder Google documents for history it did not produce. Older models
 * never asked for one.
 */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';
const UNSIGNED_MODELS = /^(?:models\/)?(?:gemini-[12][.-]|gemma-)|^tunedModels\//;

/** A function response must be an object; other results go under `output`, the key Gemini reads as the result. */
function responseObject(text: string): Record<string, unknown> {
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Plain text result.
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { output: value };
}

/** Messages as Gemini contents: roles user and model only, tool results keyed by function name. */
function toGeminiContents(messages: readonly ChatMessage[], model: string): Content[] {
  const callNames = new Map<string, string>();
  const signed = !UNSIGNED_MODELS.test(model);
  const partsOf = (m: ChatMessage): Part[] => {
    if (m.role === 'user') {
      const images = (m.images ?? []).map((i): Part => ({ inlineData: { mimeType: i.mimeType, data: i.data } }));
      return m.content || !images.length ? [...images, { text: m.content }] : images;
    }
    if (m.role === 'tool') {
      const name = m.name ?? callNames.get(m.toolCallId ?? '');
      if (!name) fail('bad-request', `A tool result (call ${m.toolCallId ?? 'unknown'}) names no function, which Gemini requires.`);
      return [{ functionResponse: { name, response: responseObject(m.content), ...geminiCallId(m.toolCallId) } }];
    }
    const parts: Part[] = m.content ? [{ text: m.content }] : [];
    for (const [i, call] of (m.toolCalls ?? []).entries()) {
      callNames.set(call.id, call.name);
      parts.push({
        functionCall: { name: call.name, args: argumentsObject(call.arguments), ...geminiCallId(call.id) },
        // Only the first call of a step carries a signature, parallel calls included.
        ...(signed && i === 0 ? { thoughtSignature: SKIP_SIGNATURE } : {}),
      });
    }
    return parts;
  };
  return alternatingTurns(messages, partsOf).map((t) => ({ role: t.role === 'assistant' ? 'model' : 'user', parts: t.content }));
}

function toolsConfig(tools: readonly ToolDefinition[] | undefined): Pick<GenerateContentConfig, 'tools'> {
  if (!tools?.length) return {};
  return {
    tools: [
      {
        // parametersJsonSchema takes JSON Schema as is; `parameters` would need it rewritten to Gemini's OpenAPI subset.
        functionDeclarations: tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })),
      },
    ],
  };
}

export interface GeminiRequest {
  model: string;
  contents: Content[];
  config: GenerateContentConfig;
}

export function buildGeminiRequest(request: ChatRequest): GeminiRequest {
  const p = request.params ?? {};
  const system = systemText(request.messages);
  const config: GenerateContentConfig = {
    ...(system ? { systemInstruction: { parts: [{ text: system }] } } : {}),
    temperature: p.temperature,
    topP: p.topP,
    maxOutputTokens: p.maxTokens,
    stopSequences: p.stop?.length ? p.stop : undefined,
    ...toolsConfig(request.tools),
    // The SDK would otherwise reopen a cut stream by itself; a drop must reach the user as one.
    automaticContinuation: false,
  };
  return { model: request.model, contents: toGeminiContents(request.messages, request.model), config };
}
