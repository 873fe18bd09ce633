import { kindInfo, type ProviderConfig } from '../core/providers';
import { notifyChange } from './change-feed';
import { getDb } from './db';
import { checkProvider } from './provider-check';
import { usable } from './repair';

/**
 * Stores a provider's non-secret configuration. Settings keyed by a field the
 * kind declares as secret (API keys, extra headers) are dropped: those belong
 * in the secret vault, and this store is readable by every extension page.
 */
export async function saveProvider(config: ProviderConfig): Promise<void> {
  const secretKeys = new Set(
    kindInfo(config.kind)
      ?.fields.filter((f) => f.type === 'secret' || f.type === 'headers')
      .map((f) => f.key),
  );
  const settings = Object.fromEntries(Object.entries(config.settings).filter(([key]) => !secretKeys.has(key)));
  await (await getDb()).put('providers', { ...config, settings });
  notifyChange({ type: 'providers', id: config.id });
}

/** Oldest first, so the list keeps the order providers were added in. */
export async function listProviders(): Promise<ProviderConfig[]> {
  return (await (await getDb()).getAllFromIndex('providers', 'createdAt')).flatMap(usable(checkProvider));
}

export async function getProvider(id: string): Promise<ProviderConfig | undefined> {
  return usable(checkProvider)(await (await getDb()).get('providers', id))[0];
}

/** Removes the configuration only; the caller deletes the provider's secrets from the vault. */
export async function deleteProvider(id: string): Promise<void> {
  await (await getDb()).delete('providers', id);
  notifyChange({ type: 'providers', id });
}
