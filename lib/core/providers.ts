/**
 * What the panel may know about providers: kinds, their settings fields and
 * saved configurations. Secrets never appear here; the panel only learns
 * whether a secret field is set.
 */
import type { ChatError, ChatErrorCode } from './errors';
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
  /** The background's refusal of this required setting left empty, which the form shows first, in the same words. */
  missing?: Extract<ChatErrorCode, 'region-missing'>;
  defaultValue?: string;
  options?: readonly string[];
  /** Rarely needed: the form tucks it under "Advanced". */
  advanced?: boolean;
}

export interface ProviderKindInfo {
  kind: ProviderKind;
  /** Shown as is: product names are not translated. */
  displayName: string;
  fields: readonly ProviderField[];
  /** Whether the provider can be added by the user (the built-in model appears by itself). */
  userAddable: boolean;
  /** Where the user creates the key this kind asks for. */
  keyUrl?: string;
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
  /** The most tools one request to this provider may carry; absent in a listing kept from before it was sent. */
  maxTools?: number;
}

export interface ModelInfo {
  id: string;
  label?: string;
  /** The provider's own word on whether the model takes images, given only where it varies by device (the built-in model). */
  images?: boolean;
}

export interface ModelRef {
  providerId: string;
  model: string;
}

const apiKey: ProviderField = { key: 'apiKey', label: 'apiKey', type: 'secret', required: true };
const extraHeaders: ProviderField = { key: 'extraHeaders', label: 'extraHeaders', type: 'headers', advanced: true };
const organization: ProviderField = { key: 'organization', label: 'organization', type: 'text', advanced: true };

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
    keyUrl: 'https://platform.openai.com/api-keys',
    fields: [
      apiKey,
      organization,
      { key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: 'https://api.openai.com/v1', advanced: true },
      extraHeaders,
    ],
  },
  {
    kind: 'openai-compatible',
    displayName: 'OpenAI-compatible',
    userAddable: true,
    fields: [{ key: 'baseUrl', label: 'baseUrl', type: 'url', required: true }, { ...apiKey, required: false }, organization, extraHeaders],
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
    keyUrl: 'https://ai.azure.com/',
    fields: [
      { key: 'endpoint', label: 'endpoint', type: 'url', required: true },
      { key: 'authMode', label: 'authMode', type: 'select', options: ['api-key', 'bearer'], defaultValue: 'api-key', advanced: true },
      { key: 'apiKeyHeader', label: 'apiKeyHeader', type: 'text', defaultValue: 'api-key', advanced: true },
      { ...apiKey, label: 'apiKeyOrToken' },
      { key: 'apiVersion', label: 'apiVersion', type: 'text', defaultValue: '2024-05-01-preview', advanced: true },
    ],
  },
  {
    kind: 'bedrock',
    displayName: 'Amazon Bedrock',
    userAddable: true,
    keyUrl: 'https://console.aws.amazon.com/iam/home#/security_credentials',
    fields: [
      { key: 'region', label: 'region', type: 'text', required: true, missing: 'region-missing', defaultValue: '' },
      { key: 'accessKeyId', label: 'accessKeyId', type: 'secret', required: true },
      { key: 'secretAccessKey', label: 'secretAccessKey', type: 'secret', required: true },
      { key: 'sessionToken', label: 'sessionToken', type: 'secret', advanced: true },
      {
        key: 'endpointVariant',
        label: 'endpointVariant',
        type: 'select',
        options: ['standard', 'fips', 'dualstack', 'fips-dualstack'],
        defaultValue: 'standard',
        advanced: true,
      },
      { key: 'endpoint', label: 'customEndpoint', type: 'url', advanced: true },
      { key: 'guardrailIdentifier', label: 'guardrailIdentifier', type: 'text', advanced: true },
      { key: 'guardrailVersion', label: 'guardrailVersion', type: 'text', advanced: true },
      { key: 'trace', label: 'trace', type: 'select', options: ['DISABLED', 'ENABLED'], defaultValue: 'DISABLED', advanced: true },
      { key: 'latency', label: 'latency', type: 'select', options: ['standard', 'optimized'], defaultValue: 'standard', advanced: true },
    ],
  },
  {
    kind: 'gemini',
    displayName: 'Google Gemini',
    userAddable: true,
    keyUrl: 'https://aistudio.google.com/apikey',
    fields: [
      apiKey,
      { key: 'baseUrl', label: 'baseUrl', type: 'url', defaultValue: 'https://generativelanguage.googleapis.com', advanced: true },
    ],
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
  /** The model to start with when the user has not picked one (lib/providers/chat-models). */
  recommended?: string;
  error?: ChatError;
}

export interface DetectedLocalModels {
  ollama?: { baseUrl: string; models: ModelInfo[] };
}
