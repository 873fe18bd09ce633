import { fail } from '../core/errors';
import type { FetchLike } from './secure-fetch';
import { isPrivateHost } from './url-policy';

/** A same-site move (http→https, a renamed file) takes one or two hops; more is a loop. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

function refuse(from: string, to: string | undefined): never {
  const host = new URL(from).host;
  if (to === undefined)
    fail('redirect-refused', `The server at ${host} redirected to an address that cannot be checked; it is not followed.`);
  const target = new URL(to);
  const kind = isPrivateHost(target.hostname) ? 'a local or private address' : 'another origin';
  fail('redirect-refused', `The server at ${host} redirected to ${target.origin}, ${kind}; it is not followed.`);
}

function target(location: string | null, from: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, from).href;
  } catch {
    return undefined;
  }
}

/**
 * A GET that follows redirects only within the origin of the URL it was given.
 * That URL is the one the user chose, loopback included; a redirect may not
 * change where the request goes, so a document can never lead Parley to a
 * loopback or private service, or to a host the user did not name. Redirects
 * are taken manually and checked before each hop. A browser hides the target
 * of a manual redirect (an opaqueredirect response); such a redirect cannot be
 * checked, so it is refused rather than followed blindly.
 */
export async function fetchWithinOrigin(base: FetchLike, url: string, init: RequestInit): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hops = 0; ; hops++) {
    const response = await base(current, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect') refuse(current, undefined);
    // A fetch that followed on its own (it must not, but a wrapper might) is judged by where it ended.
    if (response.redirected && response.url && new URL(response.url).origin !== origin) refuse(current, response.url);
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const next = target(response.headers.get('location'), current);
    if (next === undefined || new URL(next).origin !== origin) refuse(current, next);
    if (hops >= MAX_REDIRECTS) fail('redirect-refused', `${url} redirected more than ${MAX_REDIRECTS} times.`);
    current = next;
  }
}
