/**
 * A loopback OAuth 2.1 authorization server for the MCP sign-in tests, by hand on node:http: its metadata
 * (RFC 8414), dynamic client registration (RFC 7591), /authorize that sends the browser straight back to the
 * redirect URI with a code and the state (no login page), and /token for the authorization_code grant with the PKCE
 * S256 check and for the refresh_token grant. The MCP mock asks it whether a bearer token is valid.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuthMock {
  origin: string;
  /** Whether an access token it issued is still valid. */
  isValid(accessToken: string): boolean;
  /** Ends every access token now: the next MCP request gets a 401 and the client must refresh. */
  expireAccessTokens(): void;
  /** Also ends every refresh token: the client cannot refresh and must sign in again. */
  revokeRefreshTokens(): void;
  /** Path and headers of every request, in order. */
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  /** Grants seen at /token, in order. */
  grants: string[];
  close(): Promise<void>;
}

interface Client {
  redirectUris: string[];
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(value));
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startOAuthServer(): Promise<OAuthMock> {
  const clients = new Map<string, Client>();
  const codes = new Map<string, Grant>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Map<string, string>();
  const requests: OAuthMock['requests'] = [];
  const grants: string[] = [];
  let origin = '';

  function issue(res: ServerResponse, clientId: string) {
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    accessTokens.add(access);
    refreshTokens.set(refresh, clientId);
    json(res, 200, { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await body(req));
    const grant = form.get('grant_type') ?? '';
    grants.push(grant);
    const clientId = form.get('client_id') ?? '';
    if (!clients.has(clientId)) return json(res, 401, { error: 'invalid_client' });
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!code || code.clientId !== clientId || code.redirectUri !== form.get('redirect_uri') || s256(verifier) !== code.challenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Code, redirect URI or PKCE verifier does not match.' });
      }
      return issue(res, clientId);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (refreshTokens.get(refresh) !== clientId) return json(res, 400, { error: 'invalid_grant' });
      refreshTokens.delete(refresh);
      return issue(res, clientId);
    }
    json(res, 400, { error: 'unsupported_grant_type' });
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!clients.get(clientId)?.redirectUris.includes(redirectUri)) return json(res, 400, { error: 'invalid_request' });
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = `code-${randomUUID()}`;
    codes.set(code, { clientId, redirectUri, challenge: q.get('code_challenge')! });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: back.href }).end();
  }

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push({ path: url.pathname, headers: { ...req.headers } });
    const route = `${req.method} ${url.pathname}`;
    const done = (() => {
      if (route === 'GET /.well-known/oauth-authorization-server') {
        return json(res, 200, {
          issuer: origin,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          registration_endpoint: `${origin}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      }
      if (route === 'GET /authorize') return authorize(url, res);
      if (route === 'POST /token') return token(req, res);
      if (route === 'POST /register') {
        return body(req).then((text) => {
          const metadata = JSON.parse(text) as { redirect_uris: string[] };
          const clientId = `client-${randomUUID()}`;
          clients.set(clientId, { redirectUris: metadata.redirect_uris });
          json(res, 201, { ...metadata, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000) });
        });
      }
      res.writeHead(404).end();
    })();
    void Promise.resolve(done).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    origin,
    isValid: (accessToken) => accessTokens.has(accessToken),
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    requests,
    grants,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
