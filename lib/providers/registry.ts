import type { ProviderKind } from '../core/providers';
import { fail } from '../core/errors';
import { azureInferenceAdapter } from './azure-inference';
import { bedrockAdapter } from './bedrock';
import { builtinAdapter } from './builtin';
import { geminiAdapter } from './gemini';
import { ollamaAdapter } from './ollama';
import { createOpenAICompatibleAdapter } from './openai';
import type { ProviderAdapter } from './types';

const ADAPTERS: Partial<Record<ProviderKind, ProviderAdapter>> = {
  openai: createOpenAICompatibleAdapter('openai'),
  'openai-compatible': createOpenAICompatibleAdapter('openai-compatible'),
  ollama: ollamaAdapter,
  gemini: geminiAdapter,
  builtin: builtinAdapter,
  'azure-inference': azureInferenceAdapter,
  bedrock: bedrockAdapter,
};

export function getAdapter(kind: ProviderKind): ProviderAdapter {
  const adapter = ADAPTERS[kind];
  if (!adapter) fail('unsupported', `No adapter for provider kind ${kind}`);
  return adapter;
}
