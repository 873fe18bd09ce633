/**
 * The background's view of MCP servers: adding one (after the user approved its origin), its token and headers
 * sealed in the vault, switching it off, reading its tools again, removal and its undo; and views for the panel that
 * never carry a secret. Only the background imports this module, because it reads the vault.
 */
import { ChatFailure, fail, toChatError } from '../core/errors';
import type { McpServerRecord, McpToolInfo } from '../core/mcp';
import type { ToolApprovalMode } from '../core/plugins';
import { deleteSecrets, getSecrets, secretFieldsSet, setSecrets } from '../storage/secret-vault';
import { parseExtraHeaders } from '../transport/extra-headers';
import type { FetchLike } from '../transport/secure-fetch';
import { assertCredentialUrl } from '../transport/url-policy';
import { connectMcp, headerSecrets, listTools, signInMcp } from './connect';
import { OriginRefused } from './mcp-fetch';
import { noticingSignIn } from './oauth-challenge';
import { createOAuthProvider, OAUTH_FIELDS, type McpOAuthProvider } from './oauth-provider';
import { redactSecrets } from '../core/redact';
import { toMcpError } from './errors';
import { createMcpConnections } from './connections';
import { createMcpRuntime, MCP_CALL_TIMEOUT_MS } from './runtime';
import { deleteMcpServer, getMcpServer, listMcpServers, mcpSecretOwner, putMcpServer } from './server-records';
import type { McpServerView } from './views';

/** Connecting and listing tools; a server slower than this is treated as unreachable for now. */
const CONNECT_TIMEOUT_MS = 15_000;
/** Signing in: the user's time in the sign-in window counts too. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;
/** One message from the server: far beyond any useful tool result, and well below what would strain the worker. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** How long a removed server can be brought back (the panel offers Undo for a few seconds), as for plugins. */
const RESTORE_WINDOW_MS = 60_000;

export interface McpServiceDeps {
  fetch?: FetchLike;
  now?: () => number;
  newId?: () => string;
  callTimeoutMs?: number;
  /** The servers or their tools changed. */
  announce?(): void;
  /** The browser's identity API (launchWebAuthFlow, getRedirectURL), asked for only by servers that sign in. */
  identity?: () => McpIdentity;
}

export interface McpIdentity {
  getRedirectURL(): string;
  launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
}

/** What the sign-in needs before it can go on: the user's approval of the authorization server's origin. */
export type McpSignInResult = { view: McpServerView } | { approve: string };

/** What the user typed for a server's credentials; an empty string removes a value. */
export interface McpCredentials {
  token?: string;
  /** A JSON object of header names to values. */
  headers?: string;
}

/** Only the values set: an empty string means "remove", which is no value at all. */
const filled = (secrets: Record<string, string>) => Object.fromEntries(Object.entries(secrets).filter(([, value]) => value));

function headersFrom(secrets: Record<string, string>): Record<string, string> {
  const headers = parseExtraHeaders(secrets.extraHeaders);
  if (secrets.token) headers.Authorization = `Bearer ${secrets.token}`;
  return headers;
}

/** Checks typed credentials before anything is sent or stored: a header that cannot be sent is refused. */
function checkedSecrets(credentials: McpCredentials): Record<string, string> {
  const token = credentials.token?.trim();
  if (token && /[\r\n\0]/.test(token)) fail('invalid-credential', 'The token contains a line break.');
  const headers = credentials.headers?.trim();
  parseExtraHeaders(headers);
  return { ...(token !== undefined ? { token } : {}), ...(headers !== undefined ? { extraHeaders: headers } : {}) };
}

/** A record without the keys left undefined (version, oauth), so stored records stay as small as before. */
function withoutUnset(server: McpServerRecord): McpServerRecord {
  return Object.fromEntries(Object.entries(server).filter(([, value]) => value !== undefined)) as unknown as McpServerRecord;
}

export function createMcpService(deps: McpServiceDeps = {}) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  /** Removed servers with their secrets, kept a moment for Undo; only in this memory, as the secrets are sealed. */
  const removed = new Map<string, { server: McpServerRecord; secrets: Record<string, string>; timer: ReturnType<typeof setTimeout> }>();

  function identity(): McpIdentity {
    const api = deps.identity?.();
    if (!api) fail('unsupported', 'This browser offers no sign-in window (identity API).');
    return api;
  }

  /** The OAuth provider of a server that signs in; interactive only when the user asked to sign in. */
  function authProvider(server: McpServerRecord, interactive = false): McpOAuthProvider | undefined {
    if (!server.oauth) return undefined;
    const api = identity();
    return createOAuthProvider({
      owner: mcpSecretOwner(server.id),
      redirectUrl: api.getRedirectURL(),
      onChange: deps.announce,
      ...(interactive ? { signInWindow: async (url: string) => api.launchWebAuthFlow({ url, interactive: true }) } : {}),
    });
  }

  const connections = createMcpConnections({
    fetch: deps.fetch,
    timeoutMs: CONNECT_TIMEOUT_MS,
    maxBytes: MAX_MESSAGE_BYTES,
    headers: async (server) => headersFrom(await getSecrets(mcpSecretOwner(server.id))),
    authProvider: (server) => authProvider(server),
    onTools: (server, tools) => void rememberTools(server.id, tools),
  });

  /** Keeps the latest list, offered while the server cannot be reached; a list that did not change is not written. */
  async function rememberTools(id: string, tools: McpToolInfo[]): Promise<void> {
    const current = await getMcpServer(id);
    if (!current || JSON.stringify(current.tools) === JSON.stringify(tools)) return;
    await putMcpServer({ ...current, tools });
    deps.announce?.();
  }

  async function view(server: McpServerRecord): Promise<McpServerView> {
    const set = await secretFieldsSet(mcpSecretOwner(server.id));
    return {
      ...server,
      enabled: server.enabled !== false,
      approval: server.approval ?? 'ask',
      tokenSet: !!set.token,
      headersSet: !!set.extraHeaders,
      signedIn: !!set[OAUTH_FIELDS.tokens],
    };
  }

  async function serverOrFail(id: string): Promise<McpServerRecord> {
    const server = await getMcpServer(id);
    if (!server) fail('not-found', `No MCP server "${id}" is added.`);
    return server;
  }

  /** The typed address, refused unless it lies at the origin the user approved. */
  function approvedUrl(req: { url: string; origin: string }): URL {
    const url = assertCredentialUrl(req.url.trim());
    if (url.origin !== req.origin) fail('forbidden', `The user approved ${req.origin}, not ${url.origin}.`);
    return url;
  }

  /** Where a one-off connection goes and what it sends, under the size cap every connection of this service has. */
  function reach(url: string, origin: string, headers: Record<string, string>, fetch: typeof deps.fetch) {
    return { url, origin, headers, maxBytes: MAX_MESSAGE_BYTES, fetch };
  }

  /**
   * Connects once with these secrets and reads what the record keeps: the server's name, transport and tools; or
   * `{ oauth: true }` when the server asks for a sign-in (a 401 naming its resource metadata, with no token typed),
   * done afterwards from the server's card.
   */
  async function probe(url: URL, secrets: Record<string, string>) {
    const headers = headersFrom(secrets);
    const signIn = noticingSignIn(deps.fetch);
    let connection;
    try {
      connection = await connectMcp({ ...reach(url.href, url.origin, headers, signIn.fetch), timeoutMs: CONNECT_TIMEOUT_MS });
    } catch (e) {
      if (toChatError(e).code === 'mcp-unauthorized' && signIn.asked() && !headers.Authorization) {
        return { name: url.host, transport: 'streamable-http' as const, tools: [], oauth: true as const };
      }
      throw e;
    }
    try {
      const tools = await listTools(connection, CONNECT_TIMEOUT_MS);
      return { name: connection.name, version: connection.version, transport: connection.transport, tools, oauth: undefined };
    } catch (e) {
      throw new ChatFailure(redactSecrets(toMcpError(e, url.origin), headerSecrets(headers)));
    } finally {
      await connection.close().catch(() => undefined);
    }
  }

  return {
    async list(): Promise<McpServerView[]> {
      return Promise.all((await listMcpServers()).map(view));
    },

    /**
     * Connects with the typed credentials and reads the tools; stores the server only once that worked, so nothing
     * half-added is left behind. `origin` is what the user approved: a URL at any other origin is refused.
     */
    async add(req: { url: string; origin: string } & McpCredentials): Promise<McpServerView> {
      const url = approvedUrl(req);
      const secrets = filled(checkedSecrets(req));
      const found = await probe(url, secrets);
      const server = withoutUnset({ id: newId(), url: url.href, origin: url.origin, ...found, addedAt: now() });
      if (Object.keys(secrets).length) await setSecrets(mcpSecretOwner(server.id), secrets);
      await putMcpServer(server);
      return view(server);
    },

    /**
     * A new address, token or headers (an empty string removes one, an absent one keeps it), saved once the server
     * answers with them. The token goes wherever the address points, so an address at another origin than the one
     * approved before needs that new origin approved (`origin`), as adding does.
     */
    async update(id: string, req: { url: string; origin: string } & McpCredentials): Promise<McpServerView> {
      const current = await serverOrFail(id);
      const url = approvedUrl(req);
      const typed = checkedSecrets(req);
      const saved = await getSecrets(mcpSecretOwner(id));
      const found = await probe(url, filled({ ...saved, ...typed }));
      // Still asking for a sign-in: the name and tools read when signed in stay.
      const server = withoutUnset({ ...current, url: url.href, origin: url.origin, ...(found.oauth && current.oauth ? {} : found) });
      // A sign-in belongs to one server: tokens are never sent to another origin, nor kept for a server that no longer asks.
      const signInKept = found.oauth && url.origin === current.origin;
      if (!signInKept) {
        delete server.authOrigins;
        Object.assign(typed, Object.fromEntries(Object.values(OAUTH_FIELDS).map((field) => [field, ''])));
      }
      if (Object.keys(typed).length) await setSecrets(mcpSecretOwner(id), typed);
      await putMcpServer(server);
      await connections.drop(id);
      return view(server);
    },

    /**
     * Signs in to a server that asked for it, in the browser's sign-in window, and reads its tools. When the
     * authorization server lives at an origin the user has not approved, nothing is sent there: the answer names the
     * origin, and the panel asks the user and calls again with `authOrigin` approved.
     */
    async signIn(id: string, authOrigin?: string): Promise<McpSignInResult> {
      let server = await serverOrFail(id);
      if (!server.oauth) fail('unsupported', 'This MCP server does not ask for a sign-in.');
      if (authOrigin) {
        const approved = assertCredentialUrl(authOrigin).origin;
        server = { ...server, authOrigins: [...new Set([...(server.authOrigins ?? []), approved])] };
        await putMcpServer(server);
      }
      await connections.drop(id);
      const provider = authProvider(server, true)!;
      const headers = headersFrom(await getSecrets(mcpSecretOwner(id)));
      let connection;
      try {
        connection = await signInMcp({
          ...reach(server.url, server.origin, headers, deps.fetch),
          authProvider: provider,
          authOrigins: server.authOrigins,
          prefer: server.transport,
          timeoutMs: SIGN_IN_TIMEOUT_MS,
        });
      } catch (e) {
        if (e instanceof OriginRefused) return { approve: e.origin };
        throw new ChatFailure(redactSecrets(toMcpError(e, server.origin), [...headerSecrets(headers), ...provider.secrets()]));
      }
      try {
        const tools = await listTools(connection, CONNECT_TIMEOUT_MS);
        const updated: McpServerRecord = {
          ...server,
          name: connection.name,
          version: connection.version,
          transport: connection.transport,
          tools,
        };
        await putMcpServer(withoutUnset(updated));
        return { view: await view(updated) };
      } catch (e) {
        throw new ChatFailure(redactSecrets(toMcpError(e, server.origin), [...headerSecrets(headers), ...provider.secrets()]));
      } finally {
        await connection.close().catch(() => undefined);
      }
    },

    /** Forgets the server's tokens (its client registration stays, for the next sign-in). */
    async signOut(id: string): Promise<McpServerView> {
      const server = await serverOrFail(id);
      await connections.drop(id);
      await setSecrets(mcpSecretOwner(id), { [OAUTH_FIELDS.tokens]: '', [OAUTH_FIELDS.verifier]: '' });
      return view(server);
    },

    /** Reads the tools again now (the panel's "refresh"); fails with the server's error, localised by code. */
    async refresh(id: string): Promise<McpServerView> {
      const server = await serverOrFail(id);
      await connections.drop(id);
      const tools = await connections.tools(server);
      const updated = { ...server, tools };
      await putMcpServer(updated);
      return view(updated);
    },

    /** Which of the server's tools stay off; kept by name, so a tool the server lists again later is off again. */
    async setDisabledTools(id: string, names: readonly string[]): Promise<McpServerView> {
      const server: McpServerRecord = { ...(await serverOrFail(id)), disabledTools: [...new Set(names)] };
      await putMcpServer(server);
      return view(server);
    },

    async setEnabled(id: string, enabled: boolean): Promise<McpServerView> {
      const server: McpServerRecord = { ...(await serverOrFail(id)), enabled };
      await putMcpServer(server);
      if (!enabled) await connections.drop(id);
      return view(server);
    },

    /** Whether the server's tool calls wait for the user, or run automatically. */
    async setApproval(id: string, approval: ToolApprovalMode): Promise<McpServerView> {
      const server: McpServerRecord = { ...(await serverOrFail(id)), approval };
      await putMcpServer(server);
      return view(server);
    },

    /** Removes the server and its secrets, keeping both in memory for a minute so `restore` can put them back. */
    async remove(id: string): Promise<void> {
      const server = await serverOrFail(id);
      const secrets = await getSecrets(mcpSecretOwner(id));
      await connections.drop(id);
      await deleteMcpServer(id);
      await deleteSecrets(mcpSecretOwner(id));
      clearTimeout(removed.get(id)?.timer);
      removed.set(id, { server, secrets, timer: setTimeout(() => removed.delete(id), RESTORE_WINDOW_MS) });
    },

    /** Puts back a server removed moments ago, under its own id (so the conversations using it still do), secrets included. */
    async restore(id: string): Promise<McpServerView> {
      const kept = removed.get(id);
      if (!kept) fail('not-found', `MCP server "${id}" was not removed moments ago.`);
      clearTimeout(kept.timer);
      removed.delete(id);
      if (Object.keys(kept.secrets).length) await setSecrets(mcpSecretOwner(id), kept.secrets);
      await putMcpServer(kept.server);
      return view(kept.server);
    },

    /** The tool runtime for the stream loop, on this service's live connections. */
    runtime: createMcpRuntime({
      servers: listMcpServers,
      tools: (server) => connections.tools(server),
      call: (server, name, args, options) => connections.call(server, name, args, options),
      timeoutMs: deps.callTimeoutMs ?? MCP_CALL_TIMEOUT_MS,
    }),

    close: () => connections.closeAll(),
  };
}

export type McpService = ReturnType<typeof createMcpService>;
