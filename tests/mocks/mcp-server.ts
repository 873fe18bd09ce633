/**
 * A loopback MCP server built with the official SDK's server side, for the MCP
 * client's unit and end-to-end tests. It serves Streamable HTTP at /mcp and, for
 * the fallback, only the older HTTP+SSE transport at /sse (+ /messages). Tools:
 * `add` (arguments), `chart` (an image result), `slow` (answers after `ms`),
 * `broken` (a tool error, isError), `whoami` (echoes the token) and `lookup` (a text and a resource), and
 * `addTool()` registers one more while clients are connected, which sends
 * notifications/tools/list_changed. Headers of every request are recorded, to
 * check the bearer token and custom headers arrive. Given an OAuth mock, it is a protected resource: its metadata
 * (RFC 9728) names that authorization server, and a request without one of its valid tokens gets a 401 whose
 * WWW-Authenticate challenge points at the metadata, as the MCP authorization specification says.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
import type { OAuthMock } from './oauth-server';

/** A one-pixel PNG, so an image result is a real image. */
export const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface McpMock {
  origin: string;
  /** Streamable HTTP endpoint. */
  url: string;
  /** An endpoint that speaks only the older HTTP+SSE transport. */
  sseUrl: string;
  /** Headers of every request, in order. */
  headers: Record<string, string | string[] | undefined>[];
  /** Arguments each tool call received, in order. */
  calls: { tool: string; args: unknown }[];
  /** Registers another tool on every connected server: clients get notifications/tools/list_changed. */
  addTool(name: string, reply: string): void;
  /** Answers 401 to every request until called with false. */
  requireAuth(on: boolean): void;
  close(): Promise<void>;
}

function defineTools(server: McpServer, mock: Pick<McpMock, 'calls'>, extra: Map<string, string>): void {
  server.registerTool(
    'add',
    { title: 'Add numbers', description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => {
      mock.calls.push({ tool: 'add', args: { a, b } });
      return { content: [{ type: 'text', text: `The sum is ${a + b}.` }] };
    },
  );
  server.registerTool('chart', { description: 'Draws a chart as an image.' }, async () => {
    mock.calls.push({ tool: 'chart', args: {} });
    return { content: [{ type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }] };
  });
  server.registerTool('slow', { description: 'Answers after ms milliseconds.', inputSchema: { ms: z.number() } }, async ({ ms }) => {
    mock.calls.push({ tool: 'slow', args: { ms } });
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { content: [{ type: 'text', text: 'finally' }] };
  });
  server.registerTool('broken', { description: 'Always fails.' }, async () => {
    mock.calls.push({ tool: 'broken', args: {} });
    return { isError: true, content: [{ type: 'text', text: 'The broken tool is out of order.' }] };
  });
  server.registerTool('lookup', { description: 'Finds a document.', inputSchema: { q: z.string() } }, async ({ q }) => {
    mock.calls.push({ tool: 'lookup', args: { q } });
    return {
      content: [
        { type: 'text', text: `Found ${q}.` },
        { type: 'resource', resource: { uri: 'memo://found', mimeType: 'text/plain', text: `The memo about ${q}.` } },
      ],
    };
  });
  server.registerTool('whoami', { description: 'Tells what it was sent.' }, async (extra) => ({
    content: [{ type: 'text', text: `You sent ${extra.requestInfo?.headers.authorization}.` }],
  }));
  for (const [name, reply] of extra) registerExtra(server, mock, name, reply);
}

function registerExtra(server: McpServer, mock: Pick<McpMock, 'calls'>, name: string, reply: string): void {
  server.registerTool(name, { description: `Added later: ${name}.` }, async () => {
    mock.calls.push({ tool: name, args: {} });
    return { content: [{ type: 'text', text: reply }] };
  });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startMcpServer(options: { oauth?: OAuthMock } = {}): Promise<McpMock> {
  const extra = new Map<string, string>();
  const servers = new Set<McpServer>();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const sseSessions = new Map<string, SSEServerTransport>();
  let authRequired = false;
  const mock = { headers: [], calls: [] } as Pick<McpMock, 'headers' | 'calls'>;

  const newServer = () => {
    const server = new McpServer({ name: 'loopback-tools', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    defineTools(server, mock, extra);
    servers.add(server);
    return server;
  };

  async function streamable(req: IncomingMessage, res: ServerResponse) {
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) return existing.handleRequest(req, res, req.method === 'POST' ? await readBody(req) : undefined);
    if (req.method !== 'POST') {
      res.writeHead(400).end();
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    await newServer().connect(transport);
    await transport.handleRequest(req, res, await readBody(req));
  }

  async function sse(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      sseSessions.set(transport.sessionId, transport);
      res.on('close', () => sseSessions.delete(transport.sessionId));
      await newServer().connect(transport);
      return;
    }
    const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
    if (req.method === 'POST' && url.pathname === '/messages' && transport) {
      await transport.handlePostMessage(req, res, await readBody(req));
      return;
    }
    // An old server knows nothing of Streamable HTTP: its POST to the SSE address is refused.
    res.writeHead(405).end();
  }

  let origin = '';
  /** Answers the protected-resource metadata, or a 401 to a request without a valid token; true when it answered. */
  function guarded(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const { oauth } = options;
    if (!oauth) return false;
    if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: [oauth.origin], bearer_methods_supported: ['header'] }));
      return true;
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && oauth.isValid(token)) return false;
    res
      .writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
      })
      .end(JSON.stringify({ error: 'invalid_token' }));
    return true;
  }

  const http = createServer((req, res) => {
    mock.headers.push({ ...req.headers });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (guarded(req, res, url)) return;
    if (authRequired) {
      // Echoing what it was sent, as careless servers do: Parley must keep it off screen and out of storage.
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `unauthorized: ${req.headers.authorization}` }));
      return;
    }
    const handle = url.pathname === '/mcp' ? streamable(req, res) : sse(req, res, url);
    handle.catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    ...mock,
    origin,
    url: `${origin}/mcp`,
    sseUrl: `${origin}/sse`,
    addTool(name, reply) {
      extra.set(name, reply);
      for (const server of servers) registerExtra(server, mock, name, reply);
    },
    requireAuth(on) {
      authRequired = on;
    },
    async close() {
      await Promise.all([...servers].map((server) => server.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
