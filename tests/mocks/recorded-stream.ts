/**
 * Replays the recorded streams in tests/fixtures/streams (vercel/ai's
 * `*.chunks.txt`: one chunk a line) as a provider's reply, so an adapter's
 * real parsing code reads them without a server or a clock. A line holds what
 * the wire carries of one chunk: the `data:` of a server-sent event (the
 * framing is added here, as each service frames it), a line of NDJSON, or one
 * binary AWS event-stream frame in base64.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FetchLike } from '../../lib/transport/secure-fetch';

export type RecordedWire = 'openai-chat' | 'azure-inference' | 'anthropic-messages' | 'gemini' | 'ollama-chat' | 'bedrock-claude';

interface WireFraming {
  contentType: string;
  headers?: Record<string, string>;
  frame(line: string): Uint8Array;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

const FRAMING: Record<RecordedWire, WireFraming> = {
  'openai-chat': { contentType: 'text/event-stream; charset=utf-8', frame: (line) => utf8(`data: ${line}\n\n`) },
  'azure-inference': { contentType: 'text/event-stream; charset=utf-8', frame: (line) => utf8(`data: ${line}\n\n`) },
  // Anthropic names each event after its data's type.
  'anthropic-messages': {
    contentType: 'text/event-stream; charset=utf-8',
    frame: (line) => utf8(`event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`),
  },
  // Gemini's alt=sse separates events with CRLF.
  gemini: { contentType: 'text/event-stream', frame: (line) => utf8(`data: ${line}\r\n\r\n`) },
  'ollama-chat': { contentType: 'application/x-ndjson', frame: (line) => utf8(`${line}\n`) },
  'bedrock-claude': {
    contentType: 'application/vnd.amazon.eventstream',
    headers: { 'x-amzn-bedrock-content-type': 'application/json', 'x-amzn-requestid': 'recorded-0' },
    frame: (line) => new Uint8Array(Buffer.from(line, 'base64')),
  },
};

const fixtureDir = join(__dirname, '../fixtures/streams');

/** The chunks of a recorded reply, as lines. */
export function recordedChunks(wire: RecordedWire, reply: 'text' | 'tool-call'): string[] {
  return readFileSync(join(fixtureDir, `${wire}-${reply}.chunks.txt`), 'utf8')
    .split('\n')
    .filter(Boolean);
}

export interface ReplayOptions {
  /**
   * How each chunk is read: whole, cut in two halves, or a byte at a time, so a
   * parser meets events, lines and characters split across reads.
   */
  reads?: 'whole' | 'halves' | 'bytes';
}

/** The wire bytes of a recorded reply, as the reads a client would get. */
export function recordedBody(wire: RecordedWire, reply: 'text' | 'tool-call', { reads = 'whole' }: ReplayOptions = {}): Uint8Array[] {
  return recordedChunks(wire, reply).flatMap((line) => {
    const bytes = FRAMING[wire].frame(line);
    if (reads === 'bytes') return Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    if (reads === 'halves') return [bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)];
    return [bytes];
  });
}

/** A fetch that answers every request with the recorded reply, and keeps the requests it was given. */
export function replayFetch(wire: RecordedWire, reply: 'text' | 'tool-call', options?: ReplayOptions): FetchLike & { requests: Request[] } {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const chunks = recordedBody(wire, reply, options);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': FRAMING[wire].contentType, ...FRAMING[wire].headers } });
  };
  return Object.assign(fetch, { requests });
}
