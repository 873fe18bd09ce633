/**
 * Secrets (API keys, extra headers, plugin settings), used only by the
 * background. Each value is sealed with AES-GCM under a non-extractable key
 * that lives in this origin's IndexedDB: content scripts cannot reach that
 * database, and a dump of it holds ciphertext and an opaque key handle, never
 * a key or secret in clear.
 */
import { fail } from '../core/errors';
import { notifyChange } from './change-feed';
import { getDb, type SealedValue } from './db';

const KEY_ID = 'vault';
const CIPHER = 'AES-GCM';
const IV_BYTES = 12;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Merges `values` into the owner's secrets: a non-empty string sets that
 * field, an empty string removes it, fields not mentioned keep their value.
 */
export async function setSecrets(ownerId: string, values: Record<string, string>): Promise<void> {
  const key = await vaultKey();
  // Sealed before the transaction opens: awaiting WebCrypto inside it would let it commit early.
  const sealed = await Promise.all(
    Object.entries(values).map(async ([field, value]) => [field, value && (await seal(key, ownerId, field, value))] as const),
  );
  const tx = (await getDb()).transaction('vault', 'readwrite');
  const fields = { ...(await tx.store.get(ownerId))?.fields };
  for (const [field, value] of sealed) {
    if (value) fields[field] = value;
    else delete fields[field];
  }
  if (Object.keys(fields).length) await tx.store.put({ ownerId, fields });
  else await tx.store.delete(ownerId);
  await tx.done;
  notifyChange({ type: 'secrets', id: ownerId });
}

export async function getSecrets(ownerId: string): Promise<Record<string, string>> {
  const record = await (await getDb()).get('vault', ownerId);
  if (!record) return {};
  const key = await vaultKey();
  const entries = await Promise.all(
    Object.entries(record.fields).map(async ([field, value]) => [field, await unseal(key, ownerId, field, value)] as const),
  );
  return Object.fromEntries(entries);
}

/** Which fields hold a secret, for showing "set" without revealing the value. */
export async function secretFieldsSet(ownerId: string): Promise<Record<string, boolean>> {
  const record = await (await getDb()).get('vault', ownerId);
  return Object.fromEntries(Object.keys(record?.fields ?? {}).map((field) => [field, true]));
}

export async function deleteSecrets(ownerId: string): Promise<void> {
  await (await getDb()).delete('vault', ownerId);
  notifyChange({ type: 'secrets', id: ownerId });
}

/** The vault's key, created on first use. */
async function vaultKey(): Promise<CryptoKey> {
  const db = await getDb();
  const stored = await db.get('vaultKeys', KEY_ID);
  if (stored) return stored;
  const fresh = await crypto.subtle.generateKey({ name: CIPHER, length: 256 }, false, ['encrypt', 'decrypt']);
  const tx = db.transaction('vaultKeys', 'readwrite');
  // Another context may have stored a key while this one was generated: the first stored wins.
  const winner = await tx.store.get(KEY_ID);
  if (!winner) await tx.store.add(fresh, KEY_ID);
  await tx.done;
  return winner ?? fresh;
}

/** Binds a ciphertext to its owner and field, so sealed values cannot be swapped between slots. */
function slot(ownerId: string, field: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${ownerId}\u0000${field}`);
}

async function seal(key: CryptoKey, ownerId: string, field: string, value: string): Promise<SealedValue> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt({ name: CIPHER, iv, additionalData: slot(ownerId, field) }, key, encoder.encode(value));
  return { iv, data };
}

async function unseal(key: CryptoKey, ownerId: string, field: string, sealed: SealedValue): Promise<string> {
  try {
    const plain = await crypto.subtle.decrypt({ name: CIPHER, iv: sealed.iv, additionalData: slot(ownerId, field) }, key, sealed.data);
    return decoder.decode(plain);
  } catch {
    // Tampered data or a lost key: the secret is gone, so ask the user to enter it again.
    fail('credential-missing', `Stored secret ${field} of ${ownerId} cannot be decrypted`);
  }
}
