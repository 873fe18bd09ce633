/**
 * A local stand-in for the voice services, answering with real audio: WAV
 * files espeak-ng writes for the requested text.
 *
 * - POST /v1/audio/speech and /v1/audio/transcriptions (OpenAI),
 * - POST /cognitiveservices/v1 (Azure Speech),
 * - a WebSocket at /consumer/speech/synthesize/readaloud/edge/v1 speaking
 *   the Edge read-aloud protocol, with word boundaries.
 *
 * Node has no WebSocket server, so the few parts of RFC 6455 a browser
 * client needs (handshake, masked client frames, unmasked server frames,
 * close and ping) are written out here.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binaryMessage, parseTextMessage } from '../../lib/speech/engines/edge-read-aloud';

export const EDGE_PATH = '/consumer/speech/synthesize/readaloud/edge/v1';
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface SpeechRequestRecord {
  path: string;
  headers: IncomingMessage['headers'];
  /** JSON body of /audio/speech. */
  json?: Record<string, unknown>;
  /** SSML of an Azure request. */
  ssml?: string;
  /** Multipart fields of /audio/transcriptions; the file as name, type and size. */
  form?: Record<string, string | { name: string; type: string; size: number }>;
  at: number;
}

export interface EdgeSession {
  url: string;
  headers: IncomingMessage['headers'];
  /** Text frames the client sent, in order. */
  received: string[];
  at: number;
}

export interface SpeechMockOptions {
  openaiKey?: string;
  azureKey?: string;
  /** What /audio/transcriptions answers. */
  transcript?: string;
  /** Delay before each synthesis answer. */
  delayMs?: number;
}

export interface SpeechMock {
  /** http://127.0.0.1:port */
  origin: string;
  /** OpenAI base URL, with /v1. */
  openaiUrl: string;
  azureUrl: string;
  edgeUrl: string;
  requests: SpeechRequestRecord[];
  edgeSessions: EdgeSession[];
  /** Texts spoken through any of the services, in the order asked. */
  spokenTexts(): string[];
  clear(): void;
  close(): Promise<void>;
}

/** Real audio for a text: espeak-ng's WAV (22.05 kHz, 16-bit mono). */
export function speechWav(text: string, dir: string): Buffer {
  const file = join(dir, `${createHash('sha1').update(text).digest('hex')}.wav`);
  try {
    return readFileSync(file);
  } catch {
    execFileSync('espeak-ng', ['-w', file, '--', text || ' ']);
    return readFileSync(file);
  }
}

/** Playing time of a PCM WAV in ms, from its header. */
export function wavDurationMs(wav: Buffer): number {
  const byteRate = wav.readUInt32LE(28);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'data') return (Math.min(size, wav.length - at - 8) / byteRate) * 1000;
    at += 8 + size;
  }
  return 0;
}

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** The text inside an SSML document's prosody element. */
export function ssmlText(ssml: string): string {
  return unescapeXml(ssml.replace(/^[\s\S]*<prosody[^>]*>/, '').replace(/<\/prosody>[\s\S]*$/, ''));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': '*',
};

// ---- WebSocket framing (server side) -------------------------------------------

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) head[1] = length;
  else if (length < 65536) {
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Reads client frames (always masked) and reassembles fragmented messages. */
function frameReader(onMessage: (opcode: number, payload: Buffer) => void): (chunk: Buffer) => void {
  let buffer = Buffer.alloc(0);
  let fragments: Buffer[] = [];
  let fragmentOpcode = 0;
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (buffer.length < 2) return;
      const fin = (buffer[0]! & 0x80) !== 0;
      const opcode = buffer[0]! & 0x0f;
      const masked = (buffer[1]! & 0x80) !== 0;
      let length = buffer[1]! & 0x7f;
      let at = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        at = 10;
      }
      const maskAt = at;
      if (masked) at += 4;
      if (buffer.length < at + length) return;
      const payload = Buffer.from(buffer.subarray(at, at + length));
      if (masked) for (let i = 0; i < payload.length; i++) payload[i]! ^= buffer[maskAt + (i % 4)]!;
      buffer = buffer.subarray(at + length);
      if (opcode === 0) {
        fragments.push(payload);
        if (fin) {
          onMessage(fragmentOpcode, Buffer.concat(fragments));
          fragments = [];
        }
      } else if (!fin && opcode < 8) {
        fragmentOpcode = opcode;
        fragments = [payload];
      } else {
        onMessage(opcode, payload);
      }
    }
  };
}

// ---- The server ------------------------------------------------------------------

export async function startSpeechMock(options: SpeechMockOptions = {}): Promise<SpeechMock> {
  const audioDir = mkdtempSync(join(tmpdir(), 'parley-speech-'));
  const requests: SpeechRequestRecord[] = [];
  const edgeSessions: EdgeSession[] = [];
  const sockets = new Set<Socket>();
  const delay = () => new Promise((r) => setTimeout(r, options.delayMs ?? 0));

  const openaiAuthorized = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!options.openaiKey || req.headers.authorization === `Bearer ${options.openaiKey}`) return true;
    res.writeHead(401, { ...cors, 'content-type': 'application/json' }).end(
      JSON.stringify({
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
      }),
    );
    return false;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const body = await readBody(req);
    const record: SpeechRequestRecord = { path, headers: req.headers, at: Date.now() };

    if (req.method === 'POST' && path === '/v1/audio/speech') {
      record.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      requests.push(record);
      if (!openaiAuthorized(req, res)) return;
      await delay();
      res.writeHead(200, { ...cors, 'content-type': 'audio/wav' }).end(speechWav(String(record.json.input), audioDir));
      return;
    }

    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      const form = await new Request('http://mock/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      record.form = {};
      for (const [key, value] of form) {
        record.form[key] = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
      }
      requests.push(record);
      if (!openaiAuthorized(req, res)) return;
      res
        .writeHead(200, { ...cors, 'content-type': 'application/json' })
        .end(JSON.stringify({ text: options.transcript ?? 'Dictated words.' }));
      return;
    }

    if (req.method === 'POST' && path === '/cognitiveservices/v1') {
      record.ssml = body.toString('utf8');
      requests.push(record);
      if (options.azureKey && req.headers['ocp-apim-subscription-key'] !== options.azureKey) {
        res
          .writeHead(401, { ...cors, 'content-type': 'text/plain' })
          .end('Access denied due to invalid subscription key or wrong API endpoint.');
        return;
      }
      await delay();
      // A WAV stands in for the MP3 Azure would send; the Content-Type tells the player which it is.
      res.writeHead(200, { ...cors, 'content-type': 'audio/wav' }).end(speechWav(ssmlText(record.ssml), audioDir));
      return;
    }

    res.writeHead(404, cors).end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, cors);
      res.end(String(error));
    });
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    const url = req.url ?? '/';
    const key = req.headers['sec-websocket-key'];
    if (!url.startsWith(EDGE_PATH) || typeof key !== 'string') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const accept = createHash('sha1')
      .update(key + WS_GUID)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    const session: EdgeSession = { url, headers: req.headers, received: [], at: Date.now() };
    edgeSessions.push(session);
    const sendText = (text: string) => socket.write(frame(1, Buffer.from(text, 'utf8')));

    socket.on(
      'data',
      frameReader((opcode, payload) => {
        if (opcode === 8) {
          socket.end(frame(8, payload.subarray(0, 2)));
          return;
        }
        if (opcode === 9) {
          socket.write(frame(10, payload));
          return;
        }
        if (opcode !== 1) return;
        const text = payload.toString('utf8');
        session.received.push(text);
        const message = parseTextMessage(text);
        if (message.headers.path !== 'ssml') return;
        void (async () => {
          await delay();
          const spoken = ssmlText(message.body);
          const wav = speechWav(spoken, audioDir);
          const requestId = message.headers['x-requestid'] ?? '';
          const head = (path: string, type = 'application/json; charset=utf-8') =>
            `X-RequestId:${requestId}\r\nContent-Type:${type}\r\nPath:${path}`;
          sendText(`${head('turn.start')}\r\n\r\n{"context":{"serviceTag":"mock"}}`);
          sendText(`${head('response')}\r\n\r\n{"context":{"serviceTag":"mock"},"audio":{"type":"inline","streamId":"1"}}`);
          const words = [...spoken.matchAll(/[\p{L}\p{N}']+/gu)].map((m) => m[0]);
          const step = wavDurationMs(wav) / Math.max(1, words.length);
          const metadata = words.map((word, i) => ({
            Type: 'WordBoundary',
            Data: {
              Offset: Math.round(i * step * 10_000),
              Duration: Math.round(step * 10_000),
              text: { Text: word, Length: word.length, BoundaryType: 'WordBoundary' },
            },
          }));
          sendText(`${head('audio.metadata')}\r\n\r\n${JSON.stringify({ Metadata: metadata })}`);
          const half = Math.floor(wav.length / 2);
          for (const part of [wav.subarray(0, half), wav.subarray(half)]) {
            socket.write(frame(2, Buffer.from(binaryMessage(`${head('audio', 'audio/mpeg')}\r\n`, part))));
          }
          sendText(`${head('turn.end')}\r\n\r\n{}`);
        })();
      }),
    );
    socket.on('error', () => undefined);
  });

  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    openaiUrl: `${origin}/v1`,
    azureUrl: `${origin}/cognitiveservices/v1`,
    edgeUrl: `${origin.replace('http:', 'ws:')}${EDGE_PATH}`,
    requests,
    edgeSessions,
    spokenTexts() {
      const fromHttp = requests.flatMap((r) => (r.json ? [String(r.json.input)] : r.ssml ? [ssmlText(r.ssml)] : []));
      const fromEdge = edgeSessions.flatMap((s) =>
        s.received.filter((m) => parseTextMessage(m).headers.path === 'ssml').map((m) => ssmlText(parseTextMessage(m).body)),
      );
      return [...fromHttp, ...fromEdge];
    },
    clear() {
      requests.length = 0;
      edgeSessions.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
      rmSync(audioDir, { recursive: true, force: true });
    },
  };
}
