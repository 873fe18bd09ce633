import { GoogleGenAI, type Candidate, type GenerateContentResponse } from '@google/genai';
import type { ChatRequest, FinishReason, Usage } from '../../core/chat';
import { fail } from '../../core/errors';
import type { ModelInfo } from '../../core/providers';
import { requireCredential } from '../../transport/url-policy';
import { credentialedBase, defineAdapter, policyFetch, type WireEvent } from '../define-adapter';
import { geminiError } from './gemini-errors';
import { buildGeminiRequest, localCallId } from './gemini-request';
import type { ProviderContext } from '../types';

const DEFAULT_GEMINI_URL = 'https://generativelanguage.googleapis.com';

/**
 * The SDK sends the key only as the x-goog-api-key header (query-string keys
 * are for its websocket Live API, which the adapter does not use) and routes
 * every request through httpOptions.fetch, so ctx.fetch polices each one.
 */
function createClient(ctx: ProviderContext): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: requireCredential(ctx.secrets.apiKey),
    // The SDK defaults to v1, which lacks parametersJsonSchema.
    apiVersion: 'v1beta',
    // The SDK's own retries stay off (they ignore Retry-After); requests retry by the shared policy.
    httpOptions: { baseUrl: credentialedBase(ctx, DEFAULT_GEMINI_URL), fetch: policyFetch(ctx) },
  });
}

/** Finish reasons that mean Gemini withheld the rest of the answer. */
const BLOCKED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

function blockedCategories(candidate: Candidate): string {
  const categories = (candidate.safetyRatings ?? []).filter((r) => r.blocked).map((r) => r.category);
  return categories.length ? ` (${categories.join(', ')})` : '';
}

function checkPromptFeedback(chunk: GenerateContentResponse): void {
  const feedback = chunk.promptFeedback;
  if (!feedback?.blockReason) return;
  const why = feedback.blockReasonMessage ? `: ${feedback.blockReasonMessage}` : '';
  fail('content-filtered', `Gemini blocked the prompt: ${feedback.blockReason}${why}`, { type: feedback.blockReason });
}

function checkFinish(candidate: Candidate): void {
  const reason = candidate.finishReason;
  if (!reason) return;
  const why = candidate.finishMessage ? `: ${candidate.finishMessage}` : '';
  if (BLOCKED.has(reason))
    fail('content-filtered', `Gemini stopped the answer: ${reason}${blockedCategories(candidate)}${why}`, { type: reason });
  if (reason === 'MALFORMED_FUNCTION_CALL') fail('model-error', `Gemini produced a malformed function call${why}`, { type: reason });
}

function mapFinish(reason: string): FinishReason {
  if (reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  return 'other';
}

function usageOf(chunk: GenerateContentResponse): Usage | undefined {
  const u = chunk.usageMetadata;
  if (!u) return undefined;
  // Thinking tokens are billed as output.
  const output =
    u.candidatesTokenCount === undefined && u.thoughtsTokenCount === undefined
      ? undefined
      : (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0);
  return { inputTokens: u.promptTokenCount, outputTokens: output };
}

async function* stream(ctx: ProviderContext, request: ChatRequest): AsyncGenerator<WireEvent> {
  const client = createClient(ctx);
  const { model, contents, config } = buildGeminiRequest(request);
  const stream = await client.models.generateContentStream({ model, contents, config: { ...config, abortSignal: ctx.signal } });
  for await (const chunk of stream) {
    checkPromptFeedback(chunk);
    const usage = usageOf(chunk);
    if (usage) yield { type: 'usage', usage };
    const candidate = chunk.candidates?.[0];
    if (!candidate) continue;
    for (const part of candidate.content?.parts ?? []) {
      if (part.thought) continue;
      if (part.text) yield { type: 'text-delta', text: part.text };
      const fc = part.functionCall;
      if (fc?.name)
        yield { type: 'tool-call', call: { id: fc.id || localCallId(), name: fc.name, arguments: JSON.stringify(fc.args ?? {}) } };
    }
    checkFinish(candidate);
    // No finish reason by the end: the stream was cut off, and the shell leaves the caller to say so.
    if (candidate.finishReason) yield { type: 'finish', reason: mapFinish(candidate.finishReason) };
  }
}

/** Gemma, image and speech models refuse function declarations. */
const NO_TOOLS = /gemma-|-image\b|-tts\b/;

export const geminiAdapter = defineAdapter({
  kind: 'gemini',
  // Google's reference for FunctionDeclarationsTool: "Maximum 64 function declarations can be provided."
  maxTools: 64,
  stream,
  async models(ctx) {
    const client = createClient(ctx);
    const models: ModelInfo[] = [];
    const pager = await client.models.list({ config: { pageSize: 1000, abortSignal: ctx.signal } });
    for await (const m of pager) {
      if (!m.name || !m.supportedActions?.includes('generateContent')) continue;
      models.push({ id: m.name.replace(/^models\//, ''), ...(m.displayName ? { label: m.displayName } : {}) });
    }
    return models;
  },
  error: geminiError,
  supportsTools: (model) => !NO_TOOLS.test(model),
});
