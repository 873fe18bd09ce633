/**
 * Microsoft Edge's read-aloud service: the neural voices without a key, over
 * one WebSocket per request. The client sends a `speech.config` text message
 * and an `ssml` text message; the service answers with text messages
 * (`turn.start`, `response`, `audio.metadata` holding WordBoundary timings,
 * `turn.end`) and binary `audio` messages. Every message is HTTP-like headers
 * (`Name:value` lines), a blank line, and a body; a binary message starts
 * with the headers' length as a big-endian 16-bit number instead.
 */
import { ChatFailure, chatError } from '../../core/errors';
import { isLoopbackHost } from '../../transport/url-policy';
import type { SynthesisParams, SynthesizedAudio, WordMark } from '../audio-engine';
import { buildSsml } from '../ssml';
import { neuralVoiceLocale } from '../voices';

export const EDGE_READ_ALOUD_URL = 'wss://speech.platform.bing.com/consumer/speech/synthesize/readaloud/edge/v1';
/** A constant every Edge installation sends; it identifies the client kind, not a user. */
const EDGE_TRUSTED_CLIENT_TOKEN = '6A5AA1D4EAFF4E9FB37E23D68491D6F4';
/** The Edge version the Sec-MS-GEC-Version value claims; the service refuses versions it considers too old. */
const EDGE_CLIENT_VERSION = '143.0.3650.75';
/** The Origin Edge's own read-aloud component connects from; the service checks it. */
export const EDGE_READ_ALOUD_ORIGIN = 'chrome-extension://jdiccldimpdaibmpdkjnbmckianbfold';
const EDGE_OUTPUT_FORMAT = 'audio-24khz-48kbitrate-mono-mp3';
/** Keeps one SSML message, escaped and UTF-8 encoded, well under the service's 64 KiB frame limit. */
export const EDGE_CHUNK_LENGTH = 3000;

/** Seconds from the Windows file-time epoch (1601-01-01) to the Unix epoch. */
const WINDOWS_EPOCH_SECONDS = 11_644_473_600n;
/** The token changes every five minutes. */
const GEC_WINDOW_SECONDS = 300n;
/** The service goes quiet for no longer than this while it synthesizes. */
const IDLE_TIMEOUT_MS = 20_000;
/** Metadata offsets and durations count 100-nanosecond ticks. */
const TICKS_PER_MS = 10_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Sec-MS-GEC: SHA-256 (upper-case hex) of the current Windows file time,
 * rounded down to five minutes and counted in 100 ns ticks, followed by the
 * trusted client token. The tick count exceeds 2^53, hence BigInt.
 */
export async function secMsGec(nowMs: number): Promise<string> {
  const seconds = BigInt(Math.floor(nowMs / 1000)) + WINDOWS_EPOCH_SECONDS;
  const ticks = (seconds - (seconds % GEC_WINDOW_SECONDS)) * 10_000_000n;
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${ticks}${EDGE_TRUSTED_CLIENT_TOKEN}`));
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** A UUID without dashes, the form the service uses for connection and request ids. */
const edgeId = (): string => crypto.randomUUID().replace(/-/g, '');

/** wss anywhere, ws only on this machine (a test server); nothing else is a read-aloud endpoint. */
export function edgeEndpoint(raw: string | undefined): URL {
  const text = raw?.trim() || EDGE_READ_ALOUD_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ChatFailure(chatError('invalid-url', `Not a valid URL: ${text}`));
  }
  if (url.protocol === 'wss:' || (url.protocol === 'ws:' && isLoopbackHost(url.hostname))) return url;
  throw new ChatFailure(chatError('invalid-url', `The read-aloud endpoint must be a wss:// URL: ${text}`));
}

export async function edgeSocketUrl(endpoint: string | undefined, nowMs: number, connectionId: string): Promise<string> {
  const url = edgeEndpoint(endpoint);
  url.searchParams.set('TrustedClientToken', EDGE_TRUSTED_CLIENT_TOKEN);
  url.searchParams.set('ConnectionId', connectionId);
  url.searchParams.set('Sec-MS-GEC', await secMsGec(nowMs));
  url.searchParams.set('Sec-MS-GEC-Version', `1-${EDGE_CLIENT_VERSION}`);
  return url.href;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The X-Timestamp form Edge sends: JavaScript's Date#toString, in UTC. */
export function edgeTimestamp(date: Date): string {
  return (
    `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())} ${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`
  );
}

export function speechConfigMessage(timestamp: string): string {
  const config = {
    context: {
      synthesis: {
        audio: {
          metadataoptions: { sentenceBoundaryEnabled: false, wordBoundaryEnabled: true },
          outputFormat: EDGE_OUTPUT_FORMAT,
        },
      },
    },
  };
  return `X-Timestamp:${timestamp}\r\nContent-Type:application/json; charset=utf-8\r\nPath:speech.config\r\n\r\n${JSON.stringify(config)}\r\n`;
}

/** The trailing Z after a timestamp that already names its zone is what Edge sends. */
export function ssmlMessage(requestId: string, timestamp: string, ssml: string): string {
  return `X-RequestId:${requestId}\r\nContent-Type:application/ssml+xml\r\nX-Timestamp:${timestamp}Z\r\nPath:ssml\r\n\r\n${ssml}`;
}

/** Edge names voices by their long form; the catalogue's short keys map onto it. */
export function edgeVoiceName(voice: string): string {
  const match = /^([a-z]{2,3})-([A-Z]{2})-(.+Neural)$/.exec(voice);
  if (!match) return voice;
  const [, lang, country, fullName] = match as unknown as [string, string, string, string];
  // A name with its own dash (zh-CN-liaoning-XiaobeiNeural) carries a sub-region, which belongs with the country.
  const dash = fullName.indexOf('-');
  const region = dash === -1 ? country : `${country}-${fullName.slice(0, dash)}`;
  const name = dash === -1 ? fullName : fullName.slice(dash + 1);
  return `Microsoft Server Speech Text to Speech Voice (${lang}-${region}, ${name})`;
}

export function edgeSsml(text: string, { voice, rate, pitch }: SynthesisParams): string {
  return buildSsml({ text, voice: edgeVoiceName(voice), lang: neuralVoiceLocale(voice) ?? 'en-US', rate, pitch, pitchUnit: 'Hz' });
}

export interface EdgeMessage {
  /** Header names in lower case. */
  headers: Record<string, string>;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function parseTextMessage(data: string): EdgeMessage & { body: string } {
  const split = data.indexOf('\r\n\r\n');
  if (split === -1) return { headers: parseHeaders(data), body: '' };
  return { headers: parseHeaders(data.slice(0, split)), body: data.slice(split + 4) };
}

export function parseBinaryMessage(data: ArrayBuffer): EdgeMessage & { body: Uint8Array } {
  const view = new Uint8Array(data);
  if (view.length < 2) throw new ChatFailure(chatError('malformed-stream', 'A binary message is missing its header length.'));
  const headerLength = (view[0]! << 8) | view[1]!;
  if (view.length < 2 + headerLength) throw new ChatFailure(chatError('malformed-stream', 'A binary message is shorter than its headers.'));
  return { headers: parseHeaders(decoder.decode(view.subarray(2, 2 + headerLength))), body: view.subarray(2 + headerLength) };
}

/** Builds a binary message the way the service frames audio; the test server uses it too. */
export function binaryMessage(headers: string, body: Uint8Array): Uint8Array {
  const head = encoder.encode(headers);
  const out = new Uint8Array(2 + head.length + body.length);
  out[0] = head.length >> 8;
  out[1] = head.length & 0xff;
  out.set(head, 2);
  out.set(body, 2 + head.length);
  return out;
}

export interface WordBoundary {
  /** In ms from the start of this request's audio. */
  time: number;
  duration: number;
  text: string;
}

/** The WordBoundary entries of an audio.metadata body; other kinds (SessionEnd…) carry nothing to show. */
export function wordBoundaries(body: string): WordBoundary[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ChatFailure(chatError('malformed-stream', 'The read-aloud service sent metadata that is not JSON.'));
  }
  const entries = (parsed as { Metadata?: unknown }).Metadata;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { Type?: unknown; Data?: { Offset?: unknown; Duration?: unknown; text?: { Text?: unknown } } }) => {
    const data = entry.Data;
    if (entry.Type !== 'WordBoundary' || typeof data?.Offset !== 'number' || typeof data.text?.Text !== 'string') return [];
    return [
      {
        time: data.Offset / TICKS_PER_MS,
        duration: typeof data.Duration === 'number' ? data.Duration / TICKS_PER_MS : 0,
        text: data.text.Text,
      },
    ];
  });
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/**
 * Places spoken words in the text they came from. The service reports each
 * word's text but not where it is, so words are found in order from where
 * the previous one ended, as a whole word where there is one ("the" is not
 * the start of "then"), else anywhere (scripts without spaces). A word that
 * cannot be found (the service normalised it) gets no mark and moves nothing.
 */
export class WordLocator {
  private cursor = 0;

  constructor(private readonly text: string) {}

  locate(boundary: WordBoundary): WordMark | undefined {
    const word = boundary.text;
    if (!word) return undefined;
    let at = this.text.indexOf(word, this.cursor);
    const first = at;
    while (at !== -1 && (isWordChar(this.text[at - 1]) || isWordChar(this.text[at + word.length]))) at = this.text.indexOf(word, at + 1);
    if (at === -1) at = first;
    if (at === -1) return undefined;
    this.cursor = at + word.length;
    return { time: boundary.time, charIndex: at, charLength: word.length };
  }
}

/** The part of a browser WebSocket the client uses, so tests can stand in for the network. */
export interface SocketLike {
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'error' | 'close', listener: (event: Event) => void): void;
}

export interface EdgeSynthesisOptions {
  openSocket(url: string): SocketLike;
  endpoint?: string;
  now?(): number;
}

function concat(parts: readonly Uint8Array[]): ArrayBuffer {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out.buffer;
}

const failure = (code: Parameters<typeof chatError>[0], message: string) =>
  new ChatFailure(chatError(code, message, { provider: 'edge-read-aloud' }));

/** One request: opens a socket, sends the config and the SSML, and gathers audio and word marks until turn.end. */
export async function synthesizeEdgeSpeech(
  options: EdgeSynthesisOptions,
  params: SynthesisParams,
  text: string,
  signal: AbortSignal,
): Promise<SynthesizedAudio> {
  const now = options.now ?? Date.now;
  const url = await edgeSocketUrl(options.endpoint, now(), edgeId());
  signal.throwIfAborted();
  const timestamp = edgeTimestamp(new Date(now()));
  const ssml = edgeSsml(text, params);

  return new Promise<SynthesizedAudio>((resolve, reject) => {
    const socket = options.openSocket(url);
    socket.binaryType = 'arraybuffer';
    const audio: Uint8Array[] = [];
    const marks: WordMark[] = [];
    const locator = new WordLocator(text);
    let turnStarted = false;
    let settled = false;
    let idle: ReturnType<typeof setTimeout> | undefined;

    const settle = (outcome: { audio: SynthesizedAudio } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
      try {
        socket.close(1000);
      } catch {
        // Already closed.
      }
      if ('audio' in outcome) resolve(outcome.audio);
      else reject(outcome.error);
    };
    const stillWaiting = () => {
      clearTimeout(idle);
      idle = setTimeout(() => settle({ error: failure('timeout', 'The read-aloud service stopped answering.') }), IDLE_TIMEOUT_MS);
    };
    const onAbort = () => settle({ error: signal.reason ?? new DOMException('Speech was stopped.', 'AbortError') });
    signal.addEventListener('abort', onAbort, { once: true });
    stillWaiting();

    socket.addEventListener('open', () => {
      if (settled) return;
      socket.send(speechConfigMessage(timestamp));
      socket.send(ssmlMessage(edgeId(), timestamp, ssml));
    });
    socket.addEventListener('message', (event) => {
      if (settled) return;
      const { data } = event as MessageEvent;
      stillWaiting();
      try {
        if (typeof data === 'string') {
          const message = parseTextMessage(data);
          switch (message.headers.path) {
            case 'turn.start':
              turnStarted = true;
              break;
            case 'audio.metadata':
              for (const boundary of wordBoundaries(message.body)) {
                const mark = locator.locate(boundary);
                if (mark) marks.push(mark);
              }
              break;
            case 'turn.end':
              if (!audio.length) throw failure('server-error', 'The read-aloud service sent no audio.');
              settle({ audio: { bytes: concat(audio), mime: 'audio/mpeg', marks } });
              break;
            // `response` and anything newer carry nothing this client needs.
          }
        } else if (data instanceof ArrayBuffer) {
          const message = parseBinaryMessage(data);
          if (message.headers.path !== 'audio') return;
          if (!turnStarted) throw failure('malformed-stream', 'The read-aloud service sent audio before the turn started.');
          if (message.body.length) audio.push(message.body.slice());
        }
      } catch (error) {
        settle({ error });
      }
    });
    // A refused handshake (403 for a stale token, say) shows up only as an error event, then close 1006.
    socket.addEventListener('close', (event) => {
      const { code, reason } = event as CloseEvent;
      settle({ error: failure('network', `The read-aloud service closed the connection (${code}${reason ? ` ${reason}` : ''}).`) });
    });
  });
}

/**
 * Edge's read-aloud component connects from its own extension origin, and the
 * service refuses other origins; browsers give a WebSocket the page's origin
 * and no way to change it. This session rule sets the Origin Edge sends on
 * the read-aloud handshake, only for connections this extension opens itself.
 */
export function edgeOriginRule(extensionId: string, ruleId: number): chrome.declarativeNetRequest.Rule {
  return {
    id: ruleId,
    priority: 1,
    action: {
      type: 'modifyHeaders' as chrome.declarativeNetRequest.RuleActionType,
      requestHeaders: [
        { header: 'origin', operation: 'set' as chrome.declarativeNetRequest.HeaderOperation, value: EDGE_READ_ALOUD_ORIGIN },
      ],
    },
    condition: {
      urlFilter: `|${EDGE_READ_ALOUD_URL}`,
      initiatorDomains: [extensionId],
      tabIds: [-1],
      resourceTypes: ['websocket' as chrome.declarativeNetRequest.ResourceType],
    },
  };
}
