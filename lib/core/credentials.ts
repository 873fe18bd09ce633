import { fail } from './errors';
import type { ProviderField } from './providers';

/** Zero-width characters a copy from a web page or document can carry along with a key. */
const PASTE_DEBRIS = /[\u200B-\u200D\u2060\uFEFF]/g;

/** What an HTTP header value can hold: tab, visible ASCII and the rest of ISO-8859-1, no control characters. */
const NOT_HEADER_SAFE = /[^\t\x20-\x7E\x80-\xFF]/;

/** A pasted credential without what the paste added: surrounding whitespace and newlines, zero-width characters. */
export function cleanCredential(value: string): string {
  return value.replace(PASTE_DEBRIS, '').trim();
}

/**
 * Refuses a credential no request could carry (it travels in a header, or
 * signs one), naming its field, instead of letting the browser fail the
 * request as a network error.
 */
function assertSendableCredential(field: ProviderField, value: string): void {
  if (NOT_HEADER_SAFE.test(value)) {
    fail('invalid-credential', `${field.key} contains characters that cannot be sent in an HTTP header.`, { field: field.label });
  }
}

/** The credential fields of `secrets` cleaned and checked; other fields are returned as they are. */
export function sendableCredentials(fields: readonly ProviderField[], secrets: Record<string, string>): Record<string, string> {
  const out = { ...secrets };
  for (const field of fields) {
    const value = out[field.key];
    if (field.type !== 'secret' || value === undefined) continue;
    out[field.key] = cleanCredential(value);
    assertSendableCredential(field, out[field.key]!);
  }
  return out;
}
