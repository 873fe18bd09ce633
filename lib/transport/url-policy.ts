import { fail } from '../core/errors';

/** localhost, 127.0.0.0/8 and [::1]: the only hosts that may see a credential over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

export function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    fail('invalid-url', `Not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    fail('invalid-url', `Only http and https URLs are allowed: ${raw}`);
  }
  return url;
}

/** Refuses to send a key or bearer token anywhere but https or loopback http. */
export function assertCredentialUrl(raw: string): URL {
  const url = parseHttpUrl(raw);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    fail('insecure-url', `Refusing to send credentials over plain http to ${url.host}`);
  }
  return url;
}

export function requireCredential(value: string | undefined): string {
  const v = value?.trim();
  if (!v) fail('credential-missing', 'Credential is missing');
  return v;
}

/** Joins a base URL and a path without losing the base's own path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
