/** Background only: these decrypt the vault to know what must never leave it. */
import { holdsChatError, redactChatErrors, redactSecrets, secretNeedles } from '../core/redact';
import { getDb } from './db';
import { getSecrets } from './secret-vault';

/** Every secret the vault holds, in the forms redactSecrets looks for. */
async function vaultSecretNeedles(): Promise<string[]> {
  const owners = await (await getDb()).getAllKeys('vault');
  const values = await Promise.all(owners.map(async (owner) => Object.values(await getSecrets(String(owner)).catch(() => ({})))));
  return secretNeedles(values.flat());
}

/** `value` with every stored secret replaced, e.g. an answer's error before it is stored and sent. */
export async function redactVaultSecrets<T>(value: T): Promise<T> {
  return redactSecrets(value, await vaultSecretNeedles());
}

/** A response with every stored secret removed from the errors it carries; the vault is read only when there are some. */
export async function redactResponseErrors<T>(response: T): Promise<T> {
  return holdsChatError(response) ? redactChatErrors(response, await vaultSecretNeedles()) : response;
}
