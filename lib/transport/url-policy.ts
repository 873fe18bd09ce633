import { fail } from '../core/errors';

/** localhost, 127.0.0.0/8 and [::1]: the only hosts that may see a credential over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isPrivateIpv4(host: string): boolean {
  const octets = IPV4.exec(host)?.slice(1).map(Number);
  if (!octets) return false;
  const [a, b] = octets as [number, number];
  return a === 0 || a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/** The IPv4 address inside an IPv4-mapped IPv6 one, as the URL parser writes it (`::ffff:7f00:1`). */
function mappedIpv4(host: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!match) return undefined;
  const [high, low] = [parseInt(match[1]!, 16), parseInt(match[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * This computer or a private network: loopback, 0/8, 10/8, 172.16/12,
 * 192.168/16, link-local 169.254/16, IPv6 unique-local fc00::/7 and link-local
 * fe80::/10, localhost names. Expects a hostname the URL parser has normalised
 * (it turns `2130706433` or `0x7f.1` into dotted decimal).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host) || isPrivateIpv4(host)) return true;
  const mapped = mappedIpv4(host);
  if (mapped) return isPrivateIpv4(mapped);
  return host === '::' || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
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

/** A base URL without its trailing slashes, so that SDKs and joins add exactly one. */
export function trimBaseUrl(base: string): string {
  return base.replace(/\/+$/, '');
}

/** Joins a base URL and a path without losing the base's own path. */
export function joinUrl(base: string, path: string): string {
  return `${trimBaseUrl(base)}/${path.replace(/^\/+/, '')}`;
}
