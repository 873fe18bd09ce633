/**
 * What the provider mocks share: the scripted replies ("scenarios"), the
 * request log, and the HTTP plumbing. Used by unit tests, the end-to-end tests
 * (the built extension calls these servers) and the streaming benchmark.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface MockToolCall {
  name: string;
  /** JSON text of the arguments. */
  arguments: string;
  id?: string;
}

export interface MockUsage {
  input: number;
  output: number;
}

/** The next reply a mock gives. Streamed replies honour the request's `stream` flag. */
export type Scenario =
  | {
      kind: 'text';
      text: string;
      /** Characters per streamed chunk (whole code points, never a split surrogate). */
      chunkSize?: number;
      delayMs?: number;
      usage?: MockUsage;
      /** The provider's own finish reason, e.g. 'length'. */
      finishReason?: string;
    }
  | { kind: 'tool-call'; name: string; arguments: string; id?: string; chunkSize?: number; text?: string }
  | { kind: 'tool-calls'; calls: MockToolCall[]; chunkSize?: number; text?: string }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Streams `text`, then destroys the socket: a network drop mid-answer. */
  | { kind: 'drop-after'; text: string }
  /** Streams `text`, then a frame that is not JSON. */
  | { kind: 'malformed'; text?: string }
  /** Streams `text`, then an in-band error frame, as servers do when generation fails midway. */
  | { kind: 'error-after'; text: string; message?: string }
  /** Streams `text`, then keeps the connection open until the client goes away. */
  | { kind: 'hang-after'; text: string }
  /** Streams `text`, then ends the reply cleanly but without the provider's end marker (finish reason, [DONE], done). */
  | { kind: 'cut-off'; text: string };

export type MockRoute = 'chat' | 'models';

export interface RecordedRequest {
  method: string;
  /** Path including the query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or undefined when there was none (or it was not JSON). */
  body: unknown;
  /** The body's exact bytes, for mocks that check a signature over them. */
  rawBody?: Buffer;
  origin?: string;
}

export interface EnqueueOptions {
  route?: MockRoute;
  /** How many requests in a row get this reply; retried requests each take one. */
  times?: number;
}

export class ScenarioQueue {
  private readonly queues: Record<MockRoute, Scenario[]> = { chat: [], models: [] };

  enqueue(scenario: Scenario, { route = 'chat', times = 1 }: EnqueueOptions = {}): void {
    for (let i = 0; i < times; i++) this.queues[route].push(scenario);
  }

  next(route: MockRoute): Scenario | undefined {
    return this.queues[route].shift();
  }

  clear(): void {
    this.queues.chat.length = 0;
    this.queues.models.length = 0;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Splits by code points so a chunk never ends inside a surrogate pair. */
export function chunkText(text: string, size = 4): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += Math.max(1, size)) out.push(chars.slice(i, i + size).join(''));
  return out;
}

/** A rough token count (four characters a token), enough for plausible usage numbers. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function toolCallsOf(scenario: Scenario): MockToolCall[] {
  if (scenario.kind === 'tool-call') return [{ name: scenario.name, arguments: scenario.arguments, id: scenario.id }];
  if (scenario.kind === 'tool-calls') return scenario.calls;
  return [];
}

/** The text of the last user message in an OpenAI- or Ollama-shaped request body. */
export function lastUserText(body: unknown): string {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return '';
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown };
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) {
      return m.content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
    }
  }
  return '';
}

export function echoText(body: unknown): string {
  return `Echo: ${lastUserText(body)}`;
}

export function promptTokens(body: unknown): number {
  return estimateTokens(JSON.stringify((body as { messages?: unknown } | undefined)?.messages ?? ''));
}

/**
 * A long markdown answer of about `tokens` tokens (four characters each) with
 * headings, lists, code, a table and a formula: what the rendering benchmark
 * streams.
 */
export function longMarkdownAnswer(tokens = 4000): string {
  const targetChars = tokens * 4;
  const sections: string[] = [];
  for (let n = 1; sections.join('').length < targetChars; n++) {
    sections.push(
      [
        `## Section ${n}: streaming without jank\n\n`,
        `Rendering a reply while it arrives means **parsing partial markdown** many times a second. `,
        `Section ${n} checks _emphasis_, \`inline code\`, [links](https://example.com/${n}) and a formula $e^{i\\pi} + 1 = 0$.\n\n`,
        `- First point of section ${n}, long enough to wrap across the side panel's narrow width.\n`,
        `- Second point, with a nested list:\n  1. one\n  2. two\n  3. three\n\n`,
        '```ts\n',
        `export function section${n}(values: number[]): number {\n`,
        `  return values.reduce((sum, v) => sum + v * ${n}, 0);\n`,
        '}\n```\n\n',
        `| column | value |\n| --- | --- |\n| section | ${n} |\n| squared | ${n * n} |\n\n`,
        `> A quote closes section ${n}, so blockquotes get re-rendered too.\n\n`,
      ].join(''),
    );
  }
  return sections.join('').slice(0, targetChars);
}

/** The benchmark's reply: ~4,000 tokens, about three tokens per chunk, one chunk every 5 ms. */
export function benchmarkScenario(tokens = 4000): Scenario {
  return { kind: 'text', text: longMarkdownAnswer(tokens), chunkSize: 12, delayMs: 5 };
}

export async function readBody(req: IncomingMessage): Promise<{ text: string; json: unknown; bytes: Buffer }> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const bytes = Buffer.concat(parts);
  const text = bytes.toString('utf8');
  if (!text) return { text, json: undefined, bytes };
  try {
    return { text, json: JSON.parse(text), bytes };
  } catch {
    return { text, json: undefined, bytes };
  }
}

/** True once the client went away (aborted or dropped) before the reply was finished. */
export function clientGone(res: ServerResponse): boolean {
  return res.destroyed || res.socket === null || res.socket.destroyed;
}

/** Writes, and resolves once the bytes reached the socket (so a following destroy does not eat them). */
export function writeFlushed(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => {
    if (clientGone(res)) {
      resolve();
      return;
    }
    res.write(data, () => resolve());
  });
}

const droppedByServer = new WeakSet<ServerResponse>();

/**
 * Ends a reply by cutting the connection, as a network drop would. A real connection drops after the bytes already sent reached the client;
 * Chromium discards body bytes that arrive together with the reset, so the
 * mock lets them land first.
 */
export async function dropConnection(res: ServerResponse): Promise<void> {
  await sleep(100);
  droppedByServer.add(res);
  res.socket?.destroy();
}

/**
 * Sends `pieces` `delayMs` apart, stopping as soon as the client has gone, so
 * an abandoned reply is not written to a dead socket.
 */
export async function sendPaced(
  res: ServerResponse,
  pieces: string[],
  delayMs: number,
  send: (piece: string) => Promise<void>,
): Promise<void> {
  for (const piece of pieces) {
    if (clientGone(res)) return;
    if (delayMs > 0) await sleep(delayMs);
    await send(piece);
  }
}

/**
 * How one wire frames a streamed reply. The scenario player decides what is
 * sent when (text, tool calls, the finish, a drop, an error…); the wire only
 * says what each of those looks like. A wire is made for one reply, so it may
 * keep count of what it has sent.
 */
export interface StreamWire {
  headers: Record<string, string>;
  /** Frames that open every reply (Anthropic's message_start). */
  opening?: string[];
  /** Frames that open the text, sent before its first piece (OpenAI's role chunk). */
  textStart?(text: string): string[];
  /** One piece of text; '' sends nothing. */
  text(piece: string): string;
  /** Frames still owed for the text when anything but the finish follows it (Gemini holds its last piece for the finish). */
  textDone?(): string[];
  /** Frames that close the text before a tool call or the finish (Anthropic's content_block_stop). */
  textEnd?(): string[];
  /** One tool call, its arguments in pieces of `size`. */
  toolCall(call: MockToolCall, index: number, size: number): string[];
  /** The end of a reply that ended well: the provider's own reason if the scenario gave one, what was generated, usage. */
  finish(end: { reason?: string; calls: MockToolCall[]; text: string; usage?: MockUsage }): string[];
  /** An in-band error frame, as servers send when generation fails midway. */
  error(message?: string): string;
  /** A frame that is not JSON. */
  malformed: string;
}

/** Plays a scenario as a streamed reply in `wire`'s frames. A 'status' scenario is the caller's to answer. */
export async function playStream(res: ServerResponse, scenario: Scenario, wire: StreamWire): Promise<void> {
  if (scenario.kind === 'status') return;
  res.writeHead(200, wire.headers);
  res.flushHeaders();
  const sendAll = async (frames: string[] = []) => {
    for (const frame of frames) if (frame) await writeFlushed(res, frame);
  };
  const streamText = async (text: string, size = 4, delayMs = 0) => {
    await sendAll(wire.textStart?.(text));
    await sendPaced(res, chunkText(text, size), delayMs, (piece) => sendAll([wire.text(piece)]));
  };
  /** All of the text, for replies that do not end with the finish. */
  const streamAll = async (text: string) => {
    await streamText(text);
    await sendAll(wire.textDone?.());
  };

  await sendAll(wire.opening);
  switch (scenario.kind) {
    case 'text':
      await streamText(scenario.text, scenario.chunkSize, scenario.delayMs);
      if (clientGone(res)) return;
      await sendAll(wire.textEnd?.());
      await sendAll(wire.finish({ reason: scenario.finishReason, calls: [], text: scenario.text, usage: scenario.usage }));
      break;
    case 'tool-call':
    case 'tool-calls': {
      const calls = toolCallsOf(scenario);
      await streamText(scenario.text ?? '', scenario.chunkSize);
      await sendAll(wire.textDone?.());
      await sendAll(wire.textEnd?.());
      for (const [index, call] of calls.entries()) await sendAll(wire.toolCall(call, index, scenario.chunkSize ?? 4));
      await sendAll(wire.finish({ calls, text: '' }));
      break;
    }
    case 'drop-after':
      await streamAll(scenario.text);
      await dropConnection(res);
      return;
    case 'malformed':
      await streamAll(scenario.text ?? '');
      await sendAll([wire.malformed]);
      break;
    case 'error-after':
      await streamAll(scenario.text);
      await sendAll([wire.error(scenario.message)]);
      break;
    case 'hang-after':
      await streamAll(scenario.text);
      await waitForClientClose(res);
      return;
    case 'cut-off':
      await streamAll(scenario.text);
      break;
  }
  res.end();
}

/** How a mock's plain JSON reply looks when a scenario breaks it. */
export interface BrokenReplyShape {
  contentType: string;
  /** The body of a 'malformed' reply: JSON cut short. */
  malformed: string;
  /** The bytes sent before a 'drop-after' cuts the connection. */
  dropped: (text: string) => string;
}

/** The non-streamed replies every JSON mock breaks alike: cut-short JSON, a drop midway, or no end at all. */
export async function completeBroken(
  res: ServerResponse,
  scenario: Extract<Scenario, { kind: 'malformed' | 'drop-after' | 'hang-after' }>,
  shape: BrokenReplyShape,
): Promise<void> {
  res.writeHead(200, { 'content-type': shape.contentType });
  switch (scenario.kind) {
    case 'malformed':
      res.end(shape.malformed);
      return;
    case 'drop-after':
      await writeFlushed(res, shape.dropped(scenario.text));
      await dropConnection(res);
      return;
    case 'hang-after':
      res.flushHeaders();
      await waitForClientClose(res);
      return;
  }
}

/** How one wire answers a scenario with a whole (non-streamed) reply; the player picks which for each scenario. */
export interface WholeWire extends BrokenReplyShape {
  /** A reply that ended well (`calls` when the model called tools), or, when `cut`, one that lacks its end marker. */
  reply(end: { text: string; calls: MockToolCall[]; reason?: string; usage?: MockUsage; cut?: boolean }): unknown;
  /** The body of the 500 a failed generation answers. */
  error(message?: string): unknown;
}

/** Plays a scenario as one JSON reply in `wire`'s shape. A 'status' scenario is the caller's to answer. */
export async function playWhole(res: ServerResponse, scenario: Scenario, wire: WholeWire): Promise<void> {
  switch (scenario.kind) {
    case 'text':
      sendJson(res, 200, wire.reply({ text: scenario.text, calls: [], reason: scenario.finishReason, usage: scenario.usage }));
      return;
    case 'tool-call':
    case 'tool-calls':
      sendJson(res, 200, wire.reply({ text: scenario.text ?? '', calls: toolCallsOf(scenario) }));
      return;
    case 'error-after':
      sendJson(res, 500, wire.error(scenario.message));
      return;
    case 'cut-off':
      sendJson(res, 200, wire.reply({ text: scenario.text, calls: [], cut: true }));
      return;
    case 'malformed':
    case 'drop-after':
    case 'hang-after':
      await completeBroken(res, scenario, wire);
      return;
    case 'status':
      return;
  }
}

/** The CORS headers of a cloud API that lets any page call it. */
export function openCorsHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': typeof requested === 'string' ? requested : '*',
    'access-control-max-age': '600',
  };
}

/** Puts `headers` on the reply and answers a preflight; true when the request was one (and is answered). */
export function answerCors(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204);
  res.end();
  return true;
}

export interface MockHttpServer {
  /** http://127.0.0.1:PORT, no trailing slash. */
  origin: string;
  requests: RecordedRequest[];
  /** Replies the client abandoned before they were finished (drops the server made do not count). */
  readonly aborted: number;
  close(): Promise<void>;
}

export type MockHandler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => Promise<void>;

/**
 * An HTTP server on 127.0.0.1 and an OS-chosen port that records every request
 * and counts replies the client abandoned. close() cuts open connections, so a
 * hanging reply never keeps a test run alive. The port is always a free one, so
 * a real service on its well-known port (Ollama's 11434) never collides.
 */
export async function startMockHttpServer(handler: MockHandler): Promise<MockHttpServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let aborted = 0;

  const server: Server = createServer((req, res) => {
    res.on('close', () => {
      if (!res.writableFinished && !droppedByServer.has(res)) aborted++;
    });
    void (async () => {
      const { json, bytes } = await readBody(req);
      const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: { ...req.headers },
        body: json,
        rawBody: bytes,
        origin,
      };
      requests.push(recorded);
      try {
        await handler(req, res, recorded);
      } catch (e) {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(e) }));
        } else {
          res.destroy();
        }
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    get aborted() {
      return aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Keeps a reply open until the client disconnects (or the server closes). */
export function waitForClientClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (clientGone(res)) resolve();
    else res.once('close', () => resolve());
  });
}
