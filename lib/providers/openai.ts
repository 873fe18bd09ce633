import type OpenAI from 'openai';
import { fail } from '../core/errors';
import { OPENAI_PRESETS, presetFor, type OpenAIPreset } from '../core/provider-presets';
import type { ModelInfo, ProviderKind } from '../core/providers';
import { parseExtraHeaders } from '../transport/extra-headers';
import { createOpenAIClient, openAIError } from '../transport/openai-client';
import { watchSseDone } from '../transport/sse-done';
import { requireCredential } from '../transport/url-policy';
import { defineAdapter, OPENAI_TOOL_LIMIT } from './define-adapter';
import { chatCompletionsBody, completionEvents, type WireQuirks } from './openai-wire';
import type { ProviderAdapter, ProviderContext } from './types';

/** OpenAI, the generic compatible server and every named preset. */
export type OpenAICompatibleKind = (typeof OPENAI_PRESETS)[number]['kind'];

function createClient(preset: OpenAIPreset, ctx: ProviderContext): OpenAI {
  return createOpenAIClient({
    baseUrl: ctx.settings.baseUrl?.trim() || preset.baseUrl,
    apiKey: preset.keyRequired ? requireCredential(ctx.secrets.apiKey) : ctx.secrets.apiKey?.trim() || undefined,
    organization: ctx.settings.organization,
    // Extra headers live in the vault because they usually carry credentials too.
    headers: parseExtraHeaders(ctx.secrets.extraHeaders),
    fetch: ctx.fetch,
    budgetOwner: ctx.config.id,
  });
}

function quirksOf(preset: OpenAIPreset): WireQuirks {
  return { maxTokens: preset.maxTokensField, streamUsage: true, emptyToolTurn: 'null' };
}

/**
 * OpenAI itself and every server that speaks its chat completions API,
 * retrying by the shared policy (lib/transport/retry-policy).
 */
export function createOpenAICompatibleAdapter(kind: OpenAICompatibleKind): ProviderAdapter {
  const preset = presetFor(kind);
  if (!preset) fail('unsupported', `No OpenAI preset ${kind}`);
  return defineAdapter({
    kind: kind as ProviderKind,
    // OpenAI's documented cap; the compatible presets document none of their own.
    maxTools: OPENAI_TOOL_LIMIT,
    async *stream(ctx, request) {
      let sawDone = false;
      const client = createClient(preset, { ...ctx, fetch: watchSseDone(ctx.fetch, () => (sawDone = true)) });
      const body = chatCompletionsBody(request, quirksOf(preset)) as OpenAI.ChatCompletionCreateParamsStreaming;
      yield* completionEvents(await client.chat.completions.create(body, { signal: ctx.signal }), () => sawDone);
    },
    async models(ctx) {
      if (!preset.modelsPath) return [];
      const client = createClient(preset, ctx);
      const models: ModelInfo[] = [];
      for await (const model of client.models.list({ signal: ctx.signal })) models.push({ id: model.id });
      return models;
    },
    error: openAIError,
  });
}
