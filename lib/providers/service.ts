/**
 * The background's view of providers: configs joined with their secrets,
 * validated before saving, and turned into adapter contexts. Only the
 * background imports this module, because it reads the vault.
 */
import { cleanCredential, sendableCredentials } from '../core/credentials';
import { fail, toChatError } from '../core/errors';
import {
  effectiveSettings,
  kindInfo,
  type DetectedLocalModels,
  type ModelRef,
  type ProviderConfig,
  type ProviderModels,
  type ProviderView,
} from '../core/providers';
import { getPref } from '../storage/prefs';
import { deleteProvider, getProvider, listProviders, saveProvider } from '../storage/provider-records';
import { deleteSecrets, getSecrets, secretFieldsSet, setSecrets } from '../storage/secret-vault';
import { parseExtraHeaders } from '../transport/extra-headers';
import { credentialedFetch, type FetchLike } from '../transport/secure-fetch';
import { assertCredentialUrl, parseHttpUrl, requireCredential } from '../transport/url-policy';
import { chatModels, recommendedModel } from './chat-models';
import { BUILTIN_PROVIDER_ID, builtinAvailability, builtinProviderConfig } from './builtin';
import { DEFAULT_OLLAMA_URL, detectOllama } from './ollama';
import { getAdapter } from './registry';
import type { ProviderAdapter, ProviderContext } from './types';

const isSecretField = (type: string) => type === 'secret' || type === 'headers';

async function view(config: ProviderConfig): Promise<ProviderView> {
  return { ...config, secretsSet: await secretFieldsSet(config.id), maxTools: getAdapter(config.kind).maxTools };
}

/** Saved providers, plus the browser's own model whenever it is ready to use. */
async function allConfigs(): Promise<ProviderConfig[]> {
  const configs = await listProviders();
  if ((await builtinAvailability()) === 'available') configs.push(builtinProviderConfig());
  return configs;
}

async function configFor(id: string): Promise<ProviderConfig | undefined> {
  return id === BUILTIN_PROVIDER_ID ? builtinProviderConfig() : getProvider(id);
}

export async function providerViews(): Promise<ProviderView[]> {
  return Promise.all((await allConfigs()).map(view));
}

/** Checks what can be checked without a network call, so mistakes surface in the form. */
function validate(config: ProviderConfig, secrets: Record<string, string>, typed: Record<string, string>): void {
  const info = kindInfo(config.kind);
  if (!info) fail('unsupported', `Unknown provider kind ${config.kind}`);
  // Typing only spaces into a key field is a mistake, never a way to clear it.
  for (const field of info.fields) {
    const value = typed[field.key];
    if (field.type === 'secret' && value !== undefined && value !== '' && !cleanCredential(value)) requireCredential('');
  }
  const settings = effectiveSettings(config);
  getAdapter(config.kind).validateConfig?.(effectiveSettings(config), secrets, config.settings);
  for (const field of info.fields) {
    if (!field.required) continue;
    const value = isSecretField(field.type) ? secrets[field.key] : settings[field.key];
    if (field.type === 'secret') requireCredential(value);
    else if (!value?.trim()) fail('bad-request', `${field.key} is required`);
  }
  for (const field of info.fields) {
    const value = settings[field.key];
    if (field.type === 'url' && value) parseHttpUrl(value);
  }
  parseExtraHeaders(secrets.extraHeaders);
  const hasCredential = info.fields.some((f) => f.type === 'secret' && secrets[f.key]?.trim());
  if (hasCredential && settings.baseUrl) assertCredentialUrl(settings.baseUrl);
}

/**
 * Saves a provider. `secrets` holds only the fields the user typed this time;
 * fields left out keep their stored value, so a masked key is never resent.
 */
export async function saveProviderWithSecrets(config: ProviderConfig, secrets: Record<string, string>): Promise<ProviderView> {
  // A pasted key loses the newline or zero-width space that came with it, and one no header can carry is refused here.
  const typed = sendableCredentials(kindInfo(config.kind)?.fields ?? [], secrets);
  const merged = { ...(await getSecrets(config.id)), ...typed };
  validate(config, merged, secrets);
  await saveProvider(config);
  await setSecrets(config.id, typed);
  return view(config);
}

/** How long a removed provider can be put back with its keys (the panel offers Undo for a few seconds of it). */
export const RESTORE_WINDOW_MS = 60_000;

/** Removed providers with their secrets, held only in the background's memory so Undo can restore them. */
const removed = new Map<string, { config: ProviderConfig; secrets: Record<string, string>; at: number }>();

export async function removeProvider(id: string): Promise<void> {
  const [config, secrets] = await Promise.all([getProvider(id), getSecrets(id)]);
  await deleteProvider(id);
  await deleteSecrets(id);
  const now = Date.now();
  for (const [key, entry] of removed) if (now - entry.at > RESTORE_WINDOW_MS) removed.delete(key);
  if (config) removed.set(id, { config, secrets, at: now });
}

/** Puts back a provider removed moments ago, keys included. */
export async function restoreProvider(id: string): Promise<ProviderView> {
  const entry = removed.get(id);
  removed.delete(id);
  if (!entry || Date.now() - entry.at > RESTORE_WINDOW_MS) fail('not-found', 'The removed provider can no longer be restored');
  await saveProvider(entry.config);
  await setSecrets(id, entry.secrets);
  return view(entry.config);
}

async function contextFor(config: ProviderConfig): Promise<{ adapter: ProviderAdapter; context: Omit<ProviderContext, 'signal'> }> {
  // Keys saved before they were cleaned on saving are cleaned (or refused) before any request.
  const secrets = sendableCredentials(kindInfo(config.kind)?.fields ?? [], await getSecrets(config.id));
  const adapter = getAdapter(config.kind);
  const hasCredential = Object.values(secrets).some((v) => v.trim());
  const base: FetchLike = globalThis.fetch.bind(globalThis);
  return {
    adapter,
    context: { config, settings: effectiveSettings(config), secrets, fetch: hasCredential ? credentialedFetch(base) : base },
  };
}

export async function resolveModel(ref: ModelRef): Promise<{ adapter: ProviderAdapter; context: Omit<ProviderContext, 'signal'> }> {
  const config = await configFor(ref.providerId);
  if (!config) fail('not-found', 'This model’s provider was removed', { provider: ref.providerId });
  return contextFor(config);
}

const LIST_TIMEOUT_MS = 15_000;

async function modelsOf(config: ProviderConfig): Promise<ProviderModels> {
  const manual = config.manualModels.map((id) => ({ id }));
  try {
    const { adapter, context } = await contextFor(config);
    // What the user typed in is offered as is; what the service lists, only when it can chat.
    const listed = chatModels(await adapter.listModels({ ...context, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) }));
    const seen = new Set(listed.map((m) => m.id));
    const models = [...listed, ...manual.filter((m) => !seen.has(m.id))];
    return { providerId: config.id, models, recommended: recommendedModel(config.kind, models) };
  } catch (e) {
    return { providerId: config.id, models: manual, recommended: manual[0]?.id, error: toChatError(e, config.kind) };
  }
}

export async function listAllModels(): Promise<ProviderModels[]> {
  return Promise.all((await allConfigs()).map(modelsOf));
}

export async function testProvider(id: string): Promise<{ models: number }> {
  const config = await configFor(id);
  if (!config) fail('not-found', 'Provider not found');
  const { adapter, context } = await contextFor(config);
  const models = chatModels(await adapter.listModels({ ...context, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) }));
  return { models: models.length };
}

/** The address first-run detection probes for a local Ollama. */
export async function localOllamaUrl(): Promise<string> {
  return (await getPref('localOllamaUrl')) || DEFAULT_OLLAMA_URL;
}

export async function detectLocalModels(): Promise<DetectedLocalModels> {
  const baseUrl = await localOllamaUrl();
  const models = await detectOllama(globalThis.fetch.bind(globalThis), baseUrl, 1500);
  return models?.length ? { ollama: { baseUrl, models } } : {};
}
