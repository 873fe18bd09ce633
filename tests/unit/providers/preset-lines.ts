/**
 * What each named OpenAI-compatible preset must send, written out by hand
 * rather than read from OPENAI_PRESETS, so a slip in the data fails its line.
 * The wire they share runs the full adapter contract in openai.test.ts;
 * presets.test.ts checks each line, and the conventions test refuses a preset
 * without one.
 */
export interface PresetLine {
  /** The default base URL: chat goes to <baseUrl>/chat/completions. */
  baseUrl: string;
  /** Whether a chat without a key is refused before any request. */
  keyRequired: boolean;
  /** Where the model list is read under the base URL; null when the service publishes none. */
  modelsPath: '/models' | null;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  maxTools: number;
}

const hosted = { keyRequired: true, modelsPath: '/models', maxTokensField: 'max_tokens', maxTools: 128 } as const;
const local = { ...hosted, keyRequired: false } as const;

export const PRESET_LINES: Record<string, PresetLine> = {
  openrouter: { baseUrl: 'https://openrouter.ai/api/v1', ...hosted },
  groq: { baseUrl: 'https://api.groq.com/openai/v1', ...hosted },
  deepseek: { baseUrl: 'https://api.deepseek.com/v1', ...hosted },
  mistral: { baseUrl: 'https://api.mistral.ai/v1', ...hosted },
  xai: { baseUrl: 'https://api.x.ai/v1', ...hosted },
  together: { baseUrl: 'https://api.together.xyz/v1', ...hosted },
  fireworks: { baseUrl: 'https://api.fireworks.ai/inference/v1', ...hosted },
  perplexity: { baseUrl: 'https://api.perplexity.ai', ...hosted, modelsPath: null },
  lmstudio: { baseUrl: 'http://127.0.0.1:1234/v1', ...local },
  llamacpp: { baseUrl: 'http://127.0.0.1:8080/v1', ...local },
  vllm: { baseUrl: 'http://127.0.0.1:8000/v1', ...local },
};
