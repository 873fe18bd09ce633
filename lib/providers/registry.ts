import type { ProviderKind } from '../core/providers';
import { fail } from '../core/errors';
import { OPENAI_PRESETS } from '../core/provider-presets';
import { anthropicAdapter } from './anthropic';
import { azureInferenceAdapter } from './azure/azure-inference';
import { bedrockAdapter } from './bedrock/bedrock';
import { builtinAdapter } from './builtin';
import { geminiAdapter } from './gemini/gemini';
import { ollamaAdapter } from './ollama';
import { createOpenAICompatibleAdapter } from './openai';
import type { ProviderAdapter } from './types';

const ADAPTERS: Partial<Record<ProviderKind, ProviderAdapter>> = {
  // OpenAI, the generic compatible server and every named preset: one wire, configured by data.
  ...Object.fromEntries(OPENAI_PRESETS.map((p) => [p.kind, createOpenAICompatibleAdapter(p.kind)])),
  ollama: ollamaAdapter,
  gemini: geminiAdapter,
  builtin: builtinAdapter,
  'azure-inference': azureInferenceAdapter,
  bedrock: bedrockAdapter,
  anthropic: anthropicAdapter,
};

export function getAdapter(kind: ProviderKind): ProviderAdapter {
  const adapter = ADAPTERS[kind];
  if (!adapter) fail('unsupported', `No adapter for provider kind ${kind}`);
  return adapter;
}
