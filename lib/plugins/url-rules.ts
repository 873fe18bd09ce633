import { isLoopbackHost } from '../transport/url-policy';
import type { ManifestIssue } from './manifest';

/**
 * endpoint: something the background sends requests (and plugin settings) to,
 * or loads as plugin UI: https only, http just for a plugin running on loopback.
 * link: something only shown or opened (homepage, avatar): http or https.
 */
export type UrlRole = 'endpoint' | 'link';

/**
 * Checks one URL of a plugin document. The WHATWG parser decides the scheme,
 * exactly as the browser will, so " JaVa\nScript:" cannot slip past as text.
 */
export function checkPluginUrl(raw: string, path: string, role: UrlRole): ManifestIssue | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { code: 'invalid-url', path, message: `Field "${path}" is not a valid absolute URL.` };
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    if (role === 'link' || isLoopbackHost(url.hostname)) return undefined;
    return { code: 'insecure-url', path, message: `Field "${path}" must use https (http is allowed only for localhost).` };
  }
  return { code: 'forbidden-scheme', path, message: `Field "${path}" uses the forbidden scheme "${url.protocol}".` };
}

/** Avatars are usually an emoji; only text the URL parser accepts is policed as a URL. */
export function parsesAsUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
