/**
 * Named services that speak OpenAI's chat completions API, as data: adding
 * one is one entry here plus its label in lib/i18n/locales/<locale>/settings.json.
 * Each becomes a provider kind whose settings are a base URL, prefilled, and
 * an API key; the OpenAI wire adapter serves them all.
 */
export interface OpenAIPreset {
  kind: string;
  /** Shown as is where no translation is at hand (the label is settings.kind.<kind>). */
  displayName: string;
  baseUrl: string;
  keyRequired: boolean;
  /** Path of the model list under the base URL; null where the service has none (the typed models are offered). */
  modelsPath: '/models' | null;
  /** The body field of the output limit (OpenAI's newer models refuse max_tokens). */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Settings described by hand in PROVIDER_KINDS (organization, extra headers), not derived from the preset. */
  ownFields?: boolean;
}

const hosted = { keyRequired: true, modelsPath: '/models', maxTokensField: 'max_tokens' } as const;
const local = { ...hosted, keyRequired: false } as const;

export const OPENAI_PRESETS = [
  {
    kind: 'openai',
    displayName: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    ...hosted,
    maxTokensField: 'max_completion_tokens',
    ownFields: true,
  },
  // Any server the user points at: no base URL to prefill, a key only if it asks for one.
  { kind: 'openai-compatible', displayName: 'OpenAI-compatible', baseUrl: '', ...local, ownFields: true },
  { kind: 'openrouter', displayName: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', ...hosted },
  { kind: 'groq', displayName: 'Groq', baseUrl: 'https://api.groq.com/openai/v1', ...hosted },
  { kind: 'deepseek', displayName: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', ...hosted },
  { kind: 'mistral', displayName: 'Mistral AI', baseUrl: 'https://api.mistral.ai/v1', ...hosted },
  { kind: 'xai', displayName: 'xAI', baseUrl: 'https://api.x.ai/v1', ...hosted },
  { kind: 'together', displayName: 'Together AI', baseUrl: 'https://api.together.xyz/v1', ...hosted },
  { kind: 'fireworks', displayName: 'Fireworks AI', baseUrl: 'https://api.fireworks.ai/inference/v1', ...hosted },
  // Perplexity publishes no model list.
  { kind: 'perplexity', displayName: 'Perplexity', baseUrl: 'https://api.perplexity.ai', ...hosted, modelsPath: null },
  { kind: 'lmstudio', displayName: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', ...local },
  { kind: 'llamacpp', displayName: 'llama.cpp server', baseUrl: 'http://127.0.0.1:8080/v1', ...local },
  { kind: 'vllm', displayName: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1', ...local },
] as const satisfies readonly OpenAIPreset[];

export type PresetKind = (typeof OPENAI_PRESETS)[number]['kind'];

export function presetFor(kind: string): OpenAIPreset | undefined {
  return OPENAI_PRESETS.find((p) => p.kind === kind);
}
