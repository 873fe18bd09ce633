/**
 * A failure that crosses the port between the background and the panel, so it
 * must stay plain data: the panel localises it by `code`, never by `message`.
 */
export type ChatErrorCode =
  | 'credential-missing'
  /** A credential with characters no HTTP header can carry. */
  | 'invalid-credential'
  | 'api-key-header-missing'
  | 'region-missing'
  | 'insecure-url'
  | 'invalid-url'
  | 'cross-origin-redirect'
  | 'redirect-refused'
  | 'unauthorized'
  | 'forbidden'
  | 'origin-rejected'
  | 'not-found'
  | 'model-not-found'
  | 'rate-limited'
  | 'quota-exceeded'
  | 'bad-request'
  | 'server-error'
  | 'service-unavailable'
  | 'timeout'
  | 'network'
  | 'malformed-stream'
  | 'content-filtered'
  | 'aborted'
  /** The connection to the provider broke after part of the answer arrived. */
  | 'connection-dropped'
  /** The browser stopped Parley's background worker while the answer was being written. */
  | 'interrupted'
  | 'model-error'
  | 'model-not-ready'
  | 'model-stream-error'
  /** No byte or event for longer than the idle timeout: the stream was given up. */
  | 'stalled'
  /** The stream ended without the provider's end marker: the answer may be missing its end. */
  | 'cut-off'
  /** The model kept asking for tools past the round limit. */
  | 'tool-rounds'
  /** More tools are switched on than the provider takes in one request; nothing was sent. */
  | 'too-many-tools'
  /** An MCP server could not be reached (down, wrong address, connection lost). */
  | 'mcp-unreachable'
  /** An MCP server answered outside the protocol (not MCP, a malformed message, a JSON-RPC error). */
  | 'mcp-protocol'
  /** An MCP server refused the token or headers. */
  | 'mcp-unauthorized'
  /** An MCP server needs the user to sign in (first time, or its sign-in expired and could not be refreshed). */
  | 'mcp-sign-in-required'
  /** The sign-in window of an MCP server was closed, or came back refused or with a wrong state. */
  | 'mcp-sign-in-failed'
  /** An MCP tool reported its own failure (isError). */
  | 'mcp-tool-error'
  /** An MCP tool did not answer within the per-call time limit. */
  | 'mcp-timeout'
  /** An MCP server's answer was over the size cap. */
  | 'mcp-too-large'
  | 'conflict'
  | 'unsupported'
  /** The chosen model takes text only, and the turn has images. */
  | 'images-unsupported'
  /** The browser refused to store more (the disk or the extension's quota is full). */
  | 'storage-full'
  | 'unknown';

export interface ChatError {
  code: ChatErrorCode;
  retryable: boolean;
  /** Provider id the failure came from, when there is one. */
  provider?: string;
  /** Technical detail for the curious; never shown as the primary message. */
  message: string;
  status?: number;
  /** Provider's own error type name, e.g. Bedrock's ThrottlingException. */
  type?: string;
  /** When a rate-limited request may be tried again (epoch ms), if the server said. */
  retryAt?: number;
  /** With 'tool-rounds': how many rounds of tool calls were run. */
  rounds?: number;
  /** With 'too-many-tools': how many tools are switched on, and the most the provider takes. */
  tools?: number;
  maxTools?: number;
  /** With 'invalid-credential': the label key (settings.field.*) of the field at fault. */
  field?: string;
}

const RETRYABLE: ReadonlySet<ChatErrorCode> = new Set([
  'rate-limited',
  'server-error',
  'service-unavailable',
  'timeout',
  'network',
  'malformed-stream',
  'model-not-ready',
  'model-stream-error',
  'stalled',
  'cut-off',
  'aborted',
  'connection-dropped',
  'interrupted',
  'mcp-unreachable',
  'mcp-timeout',
]);

export function chatError(code: ChatErrorCode, message: string, extra: Partial<Omit<ChatError, 'code' | 'message'>> = {}): ChatError {
  return { code, message, retryable: RETRYABLE.has(code), ...extra };
}

/** Thrown inside the background; carries a serialisable ChatError. */
export class ChatFailure extends Error {
  constructor(readonly error: ChatError) {
    super(error.message);
    this.name = 'ChatFailure';
  }
}

export function fail(code: ChatErrorCode, message: string, extra?: Partial<ChatError>): never {
  throw new ChatFailure(chatError(code, message, extra));
}

export function codeForStatus(status: number): ChatErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'service-unavailable';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'bad-request';
  return 'unknown';
}

/** Whether a value that crossed a port or a message is a ChatError: the fields every ChatError has. */
export function isChatError(value: unknown): value is ChatError {
  const e = value as Partial<Record<keyof ChatError, unknown>> | null;
  return (
    typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.retryable === 'boolean' && typeof e.message === 'string'
  );
}

export function isAbortError(e: unknown): boolean {
  return (
    (e instanceof DOMException && e.name === 'AbortError') ||
    (e instanceof Error && (e.name === 'AbortError' || e.name === 'APIUserAbortError'))
  );
}

/** Turns anything thrown into a ChatError; adapters map their SDK's errors first. */
export function toChatError(e: unknown, provider?: string): ChatError {
  if (e instanceof ChatFailure) return { ...e.error, provider: e.error.provider ?? provider };
  if (isAbortError(e)) return chatError('aborted', 'The request was stopped.', { provider });
  if (e instanceof TypeError) return chatError('network', e.message, { provider });
  const message = e instanceof Error ? e.message : String(e);
  return chatError('unknown', message, { provider });
}

/** Why a request's signal fired: a deadline (AbortSignal.timeout) is a timeout, anything else the user stopping. */
function stoppedError(signal: AbortSignal, provider?: string): ChatError {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError') return chatError('timeout', 'The request timed out.', { provider });
  return chatError('aborted', 'The request was stopped.', { provider });
}

/** SDKs wrap what the policed fetch threw; the ChatFailure may sit a few causes deep. */
function findChatFailure(e: unknown): ChatFailure | undefined {
  for (let cur = e, depth = 0; cur && depth < 5; depth++) {
    if (cur instanceof ChatFailure) return cur;
    cur = cur instanceof Error ? cur.cause : undefined;
  }
  return undefined;
}

/**
 * Whatever a call to a service, its SDK or the policed fetch under it threw,
 * as a ChatError: chat, model listing, speech and transcription map failures
 * the same way. A policy refusal wins (SDKs wrap it a few causes deep), then a
 * fired signal (a deadline is a timeout, anything else a stop), then the
 * service's own words (`specific`, the SDK's errors), then the generic ones.
 */
export function serviceError(
  e: unknown,
  provider: string,
  signal: AbortSignal,
  specific?: (e: unknown, provider: string) => ChatError | undefined,
): ChatError {
  const policy = findChatFailure(e);
  if (policy) return toChatError(policy, provider);
  if (signal.aborted) return stoppedError(signal, provider);
  if (isAbortError(e)) return chatError('aborted', 'The request was stopped.', { provider });
  const own = specific?.(e, provider);
  if (own) return own;
  if (e instanceof SyntaxError) return chatError('malformed-stream', e.message, { provider });
  return toChatError(e, provider);
}
