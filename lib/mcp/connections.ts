/**
 * The service worker's live MCP clients, one per server, opened on first use and kept while the worker lives: a
 * server's tool list is read once and then kept current by its list_changed notifications. A connection whose
 * address or headers changed, or that closed, is opened afresh on next use.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerRecord, McpToolInfo } from '../core/mcp';
import type { FetchLike } from '../transport/secure-fetch';
import { connectMcp, headerSecrets, listTools, type McpConnection } from './connect';
import { ChatFailure } from '../core/errors';
import { redactSecrets } from '../core/redact';
import { toMcpError } from './errors';
import type { McpOAuthProvider } from './oauth-provider';

export interface McpConnectionsDeps {
  /** The server's bearer token and custom headers, as request headers. */
  headers(server: McpServerRecord): Promise<Record<string, string>>;
  /** The OAuth provider of a server that signs in (never interactive here: a needed sign-in fails, to be done in Settings). */
  authProvider(server: McpServerRecord): McpOAuthProvider | undefined;
  /** A server's tools changed (or were read for the first time on a new connection). */
  onTools?(server: McpServerRecord, tools: McpToolInfo[]): void;
  fetch?: FetchLike;
  /** For connecting and listing. */
  timeoutMs: number;
  maxBytes: number;
}

interface Live {
  key: string;
  /** What to redact from the server's errors and results: its token and header values, and OAuth tokens seen. */
  secrets(): string[];
  connection: Promise<McpConnection>;
  tools?: McpToolInfo[];
}

export function createMcpConnections(deps: McpConnectionsDeps) {
  const live = new Map<string, Live>();

  function forget(id: string, entry: Live) {
    if (live.get(id) === entry) live.delete(id);
  }

  async function open(server: McpServerRecord): Promise<Live> {
    const headers = await deps.headers(server);
    const key = JSON.stringify([server.url, server.origin, headers, server.oauth, server.authOrigins]);
    const current = live.get(server.id);
    if (current?.key === key) return current;
    if (current) {
      live.delete(server.id);
      void current.connection.then((c) => c.close()).catch(() => undefined);
    }
    const authProvider = deps.authProvider(server);
    const secrets = headerSecrets(headers);
    const entry = { key, secrets: () => [...secrets, ...(authProvider?.secrets() ?? [])] } as Live;
    entry.connection = connectMcp({
      url: server.url,
      origin: server.origin,
      headers,
      authProvider,
      authOrigins: server.authOrigins,
      prefer: server.transport,
      timeoutMs: deps.timeoutMs,
      maxBytes: deps.maxBytes,
      fetch: deps.fetch,
      onToolsChanged: (tools) => {
        entry.tools = tools;
        deps.onTools?.(server, tools);
      },
      onClose: () => forget(server.id, entry),
    });
    live.set(server.id, entry);
    entry.connection.catch(() => forget(server.id, entry));
    return entry;
  }

  return {
    /** The server's tools: read on a new connection, then as its notifications left them. */
    async tools(server: McpServerRecord): Promise<McpToolInfo[]> {
      const entry = await open(server);
      const connection = await entry.connection;
      if (entry.tools) return entry.tools;
      try {
        entry.tools = await listTools(connection, deps.timeoutMs);
      } catch (e) {
        throw new ChatFailure(redactSecrets(toMcpError(e, server.origin), entry.secrets()));
      }
      deps.onTools?.(server, entry.tools);
      return entry.tools;
    },

    async call(
      server: McpServerRecord,
      name: string,
      args: Record<string, unknown>,
      options: { signal: AbortSignal; timeoutMs: number },
    ): Promise<CallToolResult> {
      const entry = await open(server);
      const connection = await entry.connection;
      try {
        const result = (await connection.client.callTool({ name, arguments: args }, undefined, {
          signal: options.signal,
          timeout: options.timeoutMs,
        })) as CallToolResult;
        // The result goes to the model, the screen and storage: a server echoing the token must not put it there.
        return redactSecrets(result, entry.secrets());
      } catch (e) {
        if (options.signal.aborted) throw e;
        throw new ChatFailure(redactSecrets(toMcpError(e, server.origin), entry.secrets()));
      }
    },

    /** Closes a server's connection (removed, or its settings changed). */
    async drop(id: string): Promise<void> {
      const entry = live.get(id);
      if (!entry) return;
      live.delete(id);
      await entry.connection.then((c) => c.close()).catch(() => undefined);
    },

    async closeAll(): Promise<void> {
      await Promise.all([...live.keys()].map((id) => this.drop(id)));
    },
  };
}

export type McpConnections = ReturnType<typeof createMcpConnections>;
