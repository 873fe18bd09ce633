/**
 * What the panel may know about providers: kinds, their settings fields and
 * saved configurations. Secrets never appear here; the panel only learns
 * whether a secret field is set.
 */
import type { ChatError } from './errors';
import { OPENAI_PRESETS, type OpenAIPreset, type PresetKind } from './provider-presets';

export type ProviderKind =
  'openai' | 'openai-compatible' | 'ollama' | 'azure-inference' | 'bedrock' | 'gemini' | 'builtin' | 'anthropic' | PresetKind;

export type FieldType = 'text' | 'url' | 'secret' | 'select' | 'headers';

export interface ProviderField {
  key: string;
  /** i18n key of the label, under `settings.field.` */
  label: string;
  type: FieldType;
  required?: boolean;
  defaultValue?: string;
  options?: readonly string[];
}

export interface ProviderKindInfo {
  kind: ProviderKind;
  /** Shown as is: product names are not translated. */
  displayName: string;
  fields: readonly ProviderField[];
  /** Whether the provider can be added by the user (the built-in model appears by itself). */
  userAddable: boolean;
}

export interface ProviderConfig {
  id: string;
  kind: ProviderKind;
  name: string;
  /** Non-secret settings keyed by field key. */
  settings: Record<string, string>;
  /** Models the user typed in, used when the service cannot list its own. */
  manualModels: string[];
  createdAt: number;
}

/** A provider as the panel sees it: the config plus which secret fields are filled. */
export interface ProviderView extends ProviderConfig {
  secretsSet: Record<string, boolean>;
}

export interface ModelInfo {
  id: string;
  label?: string;
}

export interface ModelRef {
  providerId: string;
  model: string;
}

const apiKey: ProviderField = { key: 'apiKey', label: 'apiKey', type: 'secret', required: true };
const extraHeaders: ProviderField = { key: 'extraHeaders', label: 'extraHeaders', type: 'headers' };

/** A named OpenAI-compatible service: its base URL, prefilled, and its key. */
function presetKindInfo(preset: OpenAIPreset): ProviderKindInfo {
  return {
    kind: preset.kind as PresetKind,
    displayName: preset.displayName,
    userAddable: true,
    fields: [
      { key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: preset.baseUrl },
      { ...apiKey, required: preset.keyRequired },
    ],
  };
}

export const PROVIDER_KINDS: readonly ProviderKindInfo[] = [
  {
    kind: 'openai',
    displayName: 'OpenAI',
    userAddable: true,
    fields: [
      apiKey,
      { key: 'organization', label: 'organization', type: 'text' },
      { key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: 'https://api.openai.com/v1' },
      extraHeaders,
    ],
  },
  {
    kind: 'openai-compatible',
    displayName: 'OpenAI-compatible',
    userAddable: true,
    fields: [
      { key: 'baseUrl', label: 'baseUrl', type: 'url', required: true },
      { ...apiKey, required: false },
      { key: 'organization', label: 'organization', type: 'text' },
      extraHeaders,
    ],
  },
  {
    kind: 'ollama',
    displayName: 'Ollama',
    userAddable: true,
    fields: [{ key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: 'http://127.0.0.1:11434' }],
  },
  {
    kind: 'azure-inference',
    displayName: 'Azure AI Inference',
    userAddable: true,
    fields: [
      { key: 'endpoint', label: 'endpoint', type: 'url', required: true },
      { key: 'authMode', label: 'authMode', type: 'select', options: ['api-key', 'bearer'], defaultValue: 'api-key' },
      { key: 'apiKeyHeader', label: 'apiKeyHeader', type: 'text', defaultValue: 'api-key' },
      { ...apiKey, label: 'apiKeyOrToken' },
      { key: 'apiVersion', label: 'apiVersion', type: 'text', defaultValue: '2024-05-01-preview' },
    ],
  },
  {
    kind: 'bedrock',
    displayName: 'Amazon Bedrock',
    userAddable: true,
    fields: [
      { key: 'region', label: 'region', type: 'text', required: true, defaultValue: '' },
      { key: 'accessKeyId', label: 'accessKeyId', type: 'secret', required: true },
      { key: 'secretAccessKey', label: 'secretAccessKey', type: 'secret', required: true },
      { key: 'sessionToken', label: 'sessionToken', type: 'secret' },
      {
        key: 'endpointVariant',
        label: 'endpointVariant',
        type: 'select',
        options: ['standard', 'fips', 'dualstack', 'fips-dualstack'],
        defaultValue: 'standard',
      },
      { key: 'endpoint', label: 'customEndpoint', type: 'url' },
      { key: 'guardrailIdentifier', label: 'guardrailIdentifier', type: 'text' },
      { key: 'guardrailVersion', label: 'guardrailVersion', type: 'text' },
      { key: 'trace', label: 'trace', type: 'select', options: ['DISABLED', 'ENABLED'], defaultValue: 'DISABLED' },
      { key: 'latency', label: 'latency', type: 'select', options: ['standard', 'optimized'], defaultValue: 'standard' },
    ],
  },
  {
    kind: 'gemini',
    displayName: 'Google Gemini',
    userAddable: true,
    fields: [apiKey, { key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: 'https://generativelanguage.googleapis.com' }],
  },
  {
    kind: 'anthropic',
    displayName: 'Anthropic',
    userAddable: true,
    fields: [apiKey, { key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: 'https://api.anthropic.com' }],
  },
  {
    kind: 'builtin',
    displayName: 'Built-in browser model',
    userAddable: false,
    fields: [],
  },
  ...OPENAI_PRESETS.filter((p: OpenAIPreset) => !p.ownFields).map(presetKindInfo),
];

export function kindInfo(kind: ProviderKind): ProviderKindInfo | undefined {
  return PROVIDER_KINDS.find((k) => k.kind === kind);
}

/** Settings with each field's default filled in where the user left it blank. */
export function effectiveSettings(config: ProviderConfig): Record<string, string> {
  const info = kindInfo(config.kind);
  const out: Record<string, string> = {};
  for (const f of info?.fields ?? []) {
    if (f.type === 'secret') continue;
    const v = config.settings[f.key]?.trim();
    out[f.key] = v ? v : (f.defaultValue ?? '');
  }
  return out;
}

/** A provider's models as the panel gets them, or why they could not be listed. */
export interface ProviderModels {
  providerId: string;
  models: ModelInfo[];
  error?: ChatError;
}

export interface DetectedLocalModels {
  ollama?: { baseUrl: string; models: ModelInfo[] };
}
