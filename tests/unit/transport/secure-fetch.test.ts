import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChatFailure } from '../../../lib/core/errors';
import { credentialedFetch } from '../../../lib/transport/secure-fetch';

describe('credentialedFetch', () => {
  let server: Server;
  let origin: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization ?? ''}`);
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.2:1/steal' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('passes ordinary loopback requests through', async () => {
    const res = await credentialedFetch()(`${origin}/ok`, { headers: { authorization: 'Bearer k' } });
    expect(await res.text()).toBe('ok');
  });

  it('never follows a redirect with the credential', async () => {
    const error = await credentialedFetch()(`${origin}/redirect`, { headers: { authorization: 'Bearer k' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatFailure);
    expect((error as ChatFailure).error.code).toBe('cross-origin-redirect');
    expect(seen.filter((s) => s.startsWith('/steal'))).toEqual([]);
  });

  it('refuses plain http to a non-loopback host before sending anything', async () => {
    let called = false;
    const spy: typeof fetch = async () => {
      called = true;
      return new Response('');
    };
    const error = await credentialedFetch(spy)('http://example.test/v1/models').catch((e: unknown) => e);
    expect((error as ChatFailure).error.code).toBe('insecure-url');
    expect(called).toBe(false);
  });
});
