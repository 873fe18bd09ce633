import { describe, expect, it } from 'vitest';
import { fetchWithinOrigin } from '../../../lib/transport/redirect-policy';
import type { FetchLike } from '../../../lib/transport/secure-fetch';
import { failureOf } from '../support/failure';

/** A fetch that answers from a table and records every URL it was asked for, so a refused hop provably never left. */
function scripted(routes: Record<string, () => Response>) {
  const asked: string[] = [];
  const inits: RequestInit[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = String(input);
    asked.push(url);
    inits.push(init ?? {});
    const route = routes[url];
    if (!route) throw new TypeError(`no route for ${url}`);
    return route();
  };
  return { fetch, asked, inits };
}

const moved =
  (location: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location } });
const ok = (body: string) => () => new Response(body, { status: 200 });

const START = 'https://plugins.example/manifest.json';

describe('fetchWithinOrigin', () => {
  it('follows redirects that stay on the origin, taking each hop manually', async () => {
    const { fetch, asked, inits } = scripted({
      [START]: moved('/v2/manifest.json', 301),
      'https://plugins.example/v2/manifest.json': moved('https://plugins.example/final.json', 308),
      'https://plugins.example/final.json': ok('{"identifier":"x"}'),
    });
    const response = await fetchWithinOrigin(fetch, START, { method: 'GET' });
    expect(await response.text()).toBe('{"identifier":"x"}');
    expect(asked).toEqual([START, 'https://plugins.example/v2/manifest.json', 'https://plugins.example/final.json']);
    expect(inits.every((init) => init.redirect === 'manual')).toBe(true);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:8080/admin'],
    ['loopback IPv6', 'http://[::1]/'],
    ['localhost', 'http://localhost:3000/'],
    ['a private network', 'http://10.0.0.5/'],
    ['a private network in 172.16/12', 'http://172.20.1.1/'],
    ['a home router', 'http://192.168.1.1/'],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv6 unique-local address', 'http://[fd00::1]/'],
    ['an IPv6 link-local address', 'http://[fe80::1]/'],
    ['another public origin', 'https://elsewhere.example/manifest.json'],
    ['the same host over plain http', 'http://plugins.example/manifest.json'],
  ])('refuses a redirect to %s without requesting it', async (_name, location) => {
    const { fetch, asked } = scripted({ [START]: moved(location) });
    const error = await failureOf(fetchWithinOrigin(fetch, START, { method: 'GET' }));
    expect(error.code).toBe('redirect-refused');
    expect(error.message).toContain(new URL(location).origin);
    expect(asked).toEqual([START]);
  });

  it('says when the target is local or private', async () => {
    const { fetch } = scripted({ [START]: moved('http://192.168.0.1/') });
    expect((await failureOf(fetchWithinOrigin(fetch, START, {}))).message).toContain('private');
  });

  it("refuses a browser's opaque redirect, whose target cannot be checked", async () => {
    const opaque = { type: 'opaqueredirect', status: 0, redirected: false, url: START, headers: new Headers() } as Response;
    const { fetch } = scripted({ [START]: () => opaque });
    expect((await failureOf(fetchWithinOrigin(fetch, START, {}))).code).toBe('redirect-refused');
  });

  it('judges a response that was followed anyway by where it ended', async () => {
    const followed = new Response('{}', { status: 200 });
    Object.defineProperties(followed, { redirected: { value: true }, url: { value: 'http://10.1.2.3/x' } });
    const { fetch } = scripted({ [START]: () => followed });
    expect((await failureOf(fetchWithinOrigin(fetch, START, {}))).code).toBe('redirect-refused');
  });

  it('gives up on a redirect loop', async () => {
    const { fetch, asked } = scripted({ [START]: moved(START) });
    expect((await failureOf(fetchWithinOrigin(fetch, START, {}))).code).toBe('redirect-refused');
    expect(asked.length).toBe(6);
  });

  it('refuses a redirect without a usable location', async () => {
    const { fetch } = scripted({ [START]: () => new Response(null, { status: 302 }) });
    expect((await failureOf(fetchWithinOrigin(fetch, START, {}))).code).toBe('redirect-refused');
  });
});
