/**
 * The checks a provider form can make before anything is sent, so a mistake
 * shows at its field at once. The background validates again on saving.
 */
import { cleanCredential } from './credentials';
import type { ChatErrorCode } from './errors';
import type { ProviderField, ProviderKindInfo } from './providers';

export interface FieldProblem {
  /** The field's key. */
  key: string;
  /**
   * The ChatError code the background would answer with, in its words ("Region is missing", "Credential is missing");
   * 'address-missing' for an empty required address, and 'required' for any other empty required setting.
   */
  problem: 'required' | 'address-missing' | Extract<ChatErrorCode, 'credential-missing' | 'region-missing' | 'invalid-url'>;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * `settings` are the non-secret values, `typed` the secrets typed this time
 * and `saved` which secrets are stored already.
 */
export function checkProviderForm(
  info: ProviderKindInfo,
  settings: Record<string, string>,
  typed: Record<string, string>,
  saved: Record<string, boolean>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: ProviderField, problem: FieldProblem['problem']) => problems.push({ key: field.key, problem });
  for (const field of info.fields) {
    if (field.type === 'secret') {
      const value = typed[field.key];
      // A key typed as only spaces is a mistake, never a way to clear it; an untouched saved key is kept.
      const blank = value === undefined ? !saved[field.key] : !cleanCredential(value);
      if (field.required && blank) add(field, 'credential-missing');
      else if (value && !cleanCredential(value)) add(field, 'credential-missing');
      continue;
    }
    if (field.type === 'headers' || field.type === 'select') continue;
    const value = settings[field.key]?.trim() ?? '';
    if (!value) {
      if (field.required && !field.defaultValue) add(field, field.missing ?? (field.type === 'url' ? 'address-missing' : 'required'));
    } else if (field.type === 'url' && !isHttpUrl(value)) add(field, 'invalid-url');
  }
  return problems;
}
