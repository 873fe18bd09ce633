/**
 * Connects the official MCP client to a server by URL: Streamable HTTP first, and the older HTTP+SSE transport when
 * the server refuses it (the backwards-compatibility procedure of the MCP specification), or the other way round
 * when SSE answered last time. Runs in the service worker, so the client validates tool output schemas with the
 * interpreting @cfworker/json-schema validator: the SDK's default (ajv) compiles code, which MV3 forbids.
 */
import './zod-jitless';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolInfo, McpTransportKind } from '../core/mcp';
import type { FetchLike } from '../transport/secure-fetch';
import { toMcpError } from './errors';
import { mcpFetch } from './mcp-fetch';
import type { McpOAuthProvider } from './oauth-provider';
import { ChatFailure } from '../core/errors';
import { redactSecrets, secretNeedles } from '../core/redact';

export interface McpConnectOptions {
  url: string;
  /** The origin the user approved; requests anywhere else are refused. */
  origin: string;
  /** The bearer token and custom headers, sent with every request. */
  headers: Record<string, string>;
  /** For a server that signs in with OAuth: supplies the bearer token, refreshes it, and (signing in) gets one. */
  authProvider?: McpOAuthProvider;
  /** Origins of the server's authorization server the user approved. */
  authOrigins?: readonly string[];
  /** The transport that answered last time, tried first. */
  prefer?: McpTransportKind;
  timeoutMs: number;
  maxBytes: number;
  fetch?: FetchLike;
  /** The server's tool list changed (notifications/tools/list_changed), read again. */
  onToolsChanged?(tools: McpToolInfo[]): void;
  /** The connection ended: the next use connects again. */
  onClose?(): void;
}

export interface McpConnection {
  client: Client;
  transport: McpTransportKind;
  name: string;
  version?: string;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'Parley', version: '1' };

function toToolInfo(tool: Tool): McpToolInfo {
  return {
    name: tool.name,
    ...((tool.title ?? tool.annotations?.title) ? { title: tool.title ?? tool.annotations?.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: { ...tool.inputSchema, type: 'object' },
  };
}

function transportFor(kind: McpTransportKind, options: McpConnectOptions): SSEClientTransport | StreamableHTTPClientTransport {
  const fetch = mcpFetch(options.origin, options.maxBytes, options.fetch, {
    origins: options.authOrigins ?? [],
    serverOnlyHeaders: Object.keys(options.headers),
  });
  const url = new URL(options.url);
  const requestInit: RequestInit = { headers: options.headers };
  const { authProvider } = options;
  if (kind === 'sse') return new SSEClientTransport(url, { requestInit, fetch, eventSourceInit: { fetch }, authProvider });
  // The token goes with every request: a redirect, even within the origin, is not followed.
  return new StreamableHTTPClientTransport(url, { requestInit, fetch, redirectPolicy: 'same-origin', authProvider });
}

function newClient(options: McpConnectOptions): Client {
  return new Client(CLIENT_INFO, {
    capabilities: {},
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          if (!error && tools) options.onToolsChanged?.(tools.map(toToolInfo));
        },
      },
    },
  });
}

async function attempt(kind: McpTransportKind, options: McpConnectOptions): Promise<Client> {
  const client = newClient(options);
  const transport = transportFor(kind, options);
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  client.onclose = () => options.onClose?.();
  return client;
}

/**
 * Whether a failed Streamable HTTP attempt means "try the old transport": the server answered the POST with a
 * client error (an old server has no such endpoint, or takes only GET there), rather than being down or refusing us.
 */
function mayBeOldServer(e: unknown): boolean {
  if (!(e instanceof StreamableHTTPError) || e.code === undefined) return false;
  return e.code >= 400 && e.code < 500 && e.code !== 401 && e.code !== 403;
}

function connectionOf(client: Client, kind: McpTransportKind, url: string): McpConnection {
  const info = client.getServerVersion();
  return {
    client,
    transport: kind,
    name: info?.name ?? new URL(url).host,
    ...(info?.version ? { version: info.version } : {}),
    close: () => client.close(),
  };
}

export async function connectMcp(options: McpConnectOptions): Promise<McpConnection> {
  const order: McpTransportKind[] = options.prefer === 'sse' ? ['sse', 'streamable-http'] : ['streamable-http', 'sse'];
  let first: unknown;
  for (const kind of order) {
    try {
      return connectionOf(await attempt(kind, options), kind, options.url);
    } catch (e) {
      if (e instanceof ChatFailure) throw e;
      first ??= e;
      // Only a refusal of Streamable HTTP sends us to SSE; SSE failing after SSE was preferred tries Streamable HTTP.
      if (kind === 'streamable-http' && !mayBeOldServer(e)) break;
    }
  }
  const secrets = [...headerSecrets(options.headers), ...(options.authProvider?.secrets() ?? [])];
  throw new ChatFailure(redactSecrets(toMcpError(first, new URL(options.url).host), secrets));
}

/**
 * Signs in to a server that asked for it, then connects. The first attempt makes the SDK run auth(): discovery,
 * registration and, with no token that works or refreshes, the provider's sign-in window; the code it brings back is
 * exchanged by transport.finishAuth, and the connection is made again with the new tokens. Still-valid tokens
 * connect at once. `timeoutMs` covers the user's time in the sign-in window.
 */
export async function signInMcp(options: McpConnectOptions & { authProvider: McpOAuthProvider }): Promise<McpConnection> {
  const kind = options.prefer ?? 'streamable-http';
  const client = newClient(options);
  const transport = transportFor(kind, options);
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
    client.onclose = () => options.onClose?.();
    return connectionOf(client, kind, options.url);
  } catch (e) {
    await client.close().catch(() => undefined);
    if (!(e instanceof UnauthorizedError) || !options.authProvider.code) throw e;
  }
  await transport.finishAuth(options.authProvider.code);
  return connectMcp(options);
}

/** The token and header values, as a server might echo them in an error or a result: never shown or stored. */
export function headerSecrets(headers: Record<string, string>): string[] {
  return secretNeedles(Object.values(headers).flatMap((value) => [value, value.replace(/^Bearer\s+/i, '')]));
}

/** Every page of tools/list. */
export async function listTools(connection: McpConnection, timeout: number): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await connection.client.listTools(cursor ? { cursor } : undefined, { timeout });
    tools.push(...page.tools.map(toToolInfo));
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
