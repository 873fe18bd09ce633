import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../lib/core/conversation';
import { mcpToolsetId } from '../../../lib/core/mcp';
import { createMcpService, type McpIdentity, type McpService } from '../../../lib/mcp/mcp-service';
import { OAUTH_FIELDS } from '../../../lib/mcp/oauth-provider';
import { getMcpServer, mcpSecretOwner } from '../../../lib/mcp/server-records';
import { closeDb, DB_NAME, getDb } from '../../../lib/storage/db';
import { getSecrets } from '../../../lib/storage/secret-vault';
import { startMcpServer, type McpMock } from '../../mocks/mcp-server';
import { startOAuthServer, type OAuthMock } from '../../mocks/oauth-server';
import { failureOf } from '../support/failure';
import { allowAll } from '../support/permits';

const REDIRECT = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';

let authority: OAuthMock;
let mock: McpMock;
let service: McpService;
let launched: string[];
/** Changes what the sign-in window brings back, as a forged or replayed answer would. */
let tamper: (location: string) => string;

/** The browser's sign-in window, faked: it follows the authorize URL once and hands back where it was sent. */
const identity: McpIdentity = {
  getRedirectURL: () => REDIRECT,
  async launchWebAuthFlow({ url, interactive }) {
    expect(interactive).toBe(true);
    launched.push(url);
    const response = await fetch(url, { redirect: 'manual' });
    return tamper(response.headers.get('location') ?? '');
  },
};

beforeAll(async () => {
  authority = await startOAuthServer();
  mock = await startMcpServer({ oauth: authority });
});
afterAll(async () => {
  await mock.close();
  await authority.close();
});
beforeEach(async () => {
  await closeDb();
  await deleteDB(DB_NAME);
  mock.headers.length = 0;
  authority.requests.length = 0;
  authority.grants.length = 0;
  launched = [];
  tamper = (location) => location;
  service = createMcpService({ callTimeoutMs: 5_000, identity: () => identity });
});
afterEach(() => service.close());

function conversationWith(id: string): Conversation {
  return { id: 'c1', title: '', createdAt: 0, updatedAt: 0, systemPrompt: '', params: {}, plugins: [mcpToolsetId(id)] };
}

const addCall = { id: 'call-add', name: 'loopback-tools__add', arguments: JSON.stringify({ a: 2, b: 3 }) };
const signal = () => new AbortController().signal;

async function storedTokens(id: string): Promise<{ access_token: string; refresh_token?: string } | undefined> {
  const value = (await getSecrets(mcpSecretOwner(id)))[OAUTH_FIELDS.tokens];
  return value ? JSON.parse(value) : undefined;
}

/** Adds the server, which asks for a sign-in, and signs in, approving the authorization server's origin. */
async function signedIn(headers?: string) {
  const added = await service.add({ url: mock.url, origin: mock.origin, ...(headers ? { headers } : {}) });
  expect(await service.signIn(added.id)).toEqual({ approve: authority.origin });
  const result = await service.signIn(added.id, authority.origin);
  if (!('view' in result)) throw new Error('The sign-in asked for another approval.');
  return result.view;
}

describe('signing in to an MCP server with OAuth', () => {
  it('adds a server that asks for a sign-in, with a Sign in to do and nothing sent to its authorization server', async () => {
    const view = await service.add({ url: mock.url, origin: mock.origin });
    expect(view).toMatchObject({ oauth: true, signedIn: false, tools: [], name: new URL(mock.url).host });
    expect(authority.requests).toEqual([]);
  });

  it('takes a bare 401 for a wrong or missing token, not for a sign-in, and stores nothing', async () => {
    const plain = await startMcpServer();
    try {
      plain.requireAuth(true);
      expect((await failureOf(service.add({ url: plain.url, origin: plain.origin }))).code).toBe('mcp-unauthorized');
      expect(await service.list()).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('asks the user to approve the authorization server at another origin before sending it anything', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    expect(await service.signIn(id)).toEqual({ approve: authority.origin });
    expect(authority.requests).toEqual([]);
    expect(launched).toEqual([]);
    expect((await getMcpServer(id))?.authOrigins).toBeUndefined();
  });

  it('signs in with PKCE in the sign-in window, lists the tools and seals the tokens in the vault', async () => {
    const view = await signedIn();
    expect(view).toMatchObject({ name: 'loopback-tools', signedIn: true });
    expect(view.tools.map((t) => t.name)).toContain('add');
    const authorize = new URL(launched[0]!);
    expect(authorize.origin).toBe(authority.origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authority.grants).toEqual(['authorization_code']);

    const tokens = await storedTokens(view.id);
    expect(authority.isValid(tokens!.access_token)).toBe(true);
    // The PKCE verifier served its one exchange and is not kept; the client registration is, sealed.
    expect(Object.keys(await getSecrets(mcpSecretOwner(view.id))).sort()).toEqual([OAUTH_FIELDS.client, OAUTH_FIELDS.tokens]);
    expect(mock.headers.at(-1)?.authorization).toBe(`Bearer ${tokens!.access_token}`);
    // Sealed: neither the stored records nor the vault's own rows hold a token in clear.
    const db = await getDb();
    const stored = JSON.stringify([await db.getAll('prefs'), await db.getAll('vault')]);
    expect(stored).not.toContain(tokens!.access_token);
    expect(stored).not.toContain(tokens!.refresh_token);
    expect(JSON.stringify(await service.list())).not.toContain(tokens!.access_token);
  });

  it('refreshes an expired access token and goes on with the chat', async () => {
    const { id } = await signedIn();
    expect((await service.runtime.execute(conversationWith(id), addCall, signal(), allowAll)).result).toBe('The sum is 5.');
    const before = await storedTokens(id);
    authority.expireAccessTokens();
    const outcome = await service.runtime.execute(conversationWith(id), addCall, signal(), allowAll);
    expect(outcome).toMatchObject({ result: 'The sum is 5.' });
    expect(authority.grants).toEqual(['authorization_code', 'refresh_token']);
    const after = await storedTokens(id);
    expect(after!.access_token).not.toBe(before!.access_token);
    expect(launched).toHaveLength(1);
  });

  it('tells the chat to sign in again when the token expired and cannot be refreshed, and opens no window', async () => {
    const { id } = await signedIn();
    const tokens = await storedTokens(id);
    authority.expireAccessTokens();
    authority.revokeRefreshTokens();
    const outcome = await service.runtime.execute(conversationWith(id), addCall, signal(), allowAll);
    expect(outcome).toMatchObject({ isError: true, code: 'mcp-sign-in-required' });
    expect(outcome.result).not.toContain(tokens!.access_token);
    expect(launched).toHaveLength(1);
    expect((await service.list())[0]).toMatchObject({ signedIn: false });
  });

  it('refuses an answer whose state is not the one it sent, and stays signed out', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    tamper = (location) => {
      const url = new URL(location);
      url.searchParams.set('state', 'forged');
      return url.href;
    };
    expect((await failureOf(service.signIn(id, authority.origin))).code).toBe('mcp-sign-in-failed');
    expect(authority.grants).toEqual([]);
    expect(await storedTokens(id)).toBeUndefined();
  });

  it('refuses an answer that does not come back to the redirect URL', async () => {
    const { id } = await service.add({ url: mock.url, origin: mock.origin });
    tamper = (location) => location.replace(REDIRECT, 'https://elsewhere.example/');
    expect((await failureOf(service.signIn(id, authority.origin))).code).toBe('mcp-sign-in-failed');
    expect(authority.grants).toEqual([]);
  });

  it('signs out: the tokens are forgotten and the next use asks for a sign-in', async () => {
    const { id } = await signedIn();
    const view = await service.signOut(id);
    expect(view.signedIn).toBe(false);
    expect(await storedTokens(id)).toBeUndefined();
    const outcome = await service.runtime.execute(conversationWith(id), addCall, signal(), allowAll);
    expect(outcome.code).toBe('mcp-sign-in-required');
  });

  it("keeps the user's custom headers for the MCP server only, never the authorization server", async () => {
    await signedIn('{"X-Team":"blue-team-secret"}');
    expect(mock.headers.at(-1)?.['x-team']).toBe('blue-team-secret');
    expect(authority.requests.length).toBeGreaterThan(0);
    expect(authority.requests.some((r) => r.headers['x-team'] !== undefined)).toBe(false);
  });

  it('forgets the sign-in when the address moves to another origin', async () => {
    const { id } = await signedIn();
    const other = await startMcpServer();
    try {
      const view = await service.update(id, { url: other.url, origin: other.origin });
      expect(view).toMatchObject({ signedIn: false, name: 'loopback-tools' });
      expect(view.oauth).toBeUndefined();
      expect(other.headers.every((h) => h.authorization === undefined)).toBe(true);
      expect(await getSecrets(mcpSecretOwner(id))).toEqual({});
    } finally {
      await other.close();
    }
  });
});
