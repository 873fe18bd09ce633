import { chatError, codeForStatus, toChatError, type ChatError, type ChatErrorCode } from '../../core/errors';

/** Bedrock's own error types, plus the ones AWS answers for any service when a signature is refused. */
const CODE_BY_TYPE: Readonly<Record<string, ChatErrorCode>> = {
  AccessDeniedException: 'forbidden',
  InternalServerException: 'server-error',
  ResourceNotFoundException: 'not-found',
  ServiceQuotaExceededException: 'quota-exceeded',
  ThrottlingException: 'rate-limited',
  ValidationException: 'bad-request',
  ModelErrorException: 'model-error',
  ModelNotReadyException: 'model-not-ready',
  ModelTimeoutException: 'timeout',
  ServiceUnavailableException: 'service-unavailable',
  ModelStreamErrorException: 'model-stream-error',
  ConflictException: 'conflict',
  UnrecognizedClientException: 'unauthorized',
  InvalidSignatureException: 'unauthorized',
  IncompleteSignatureException: 'unauthorized',
  MissingAuthenticationTokenException: 'unauthorized',
  ExpiredTokenException: 'unauthorized',
};

/**
 * Plain errors the SDK throws: configuration it cannot resolve (browser build
 * and endpoint rules), and an event stream it cannot read.
 */
const KNOWN_MESSAGES: ReadonlyArray<[RegExp, ChatErrorCode]> = [
  [/^Region is missing|^Invalid Configuration: Missing Region/, 'region-missing'],
  [/^Credential is missing|^Could not load credentials/, 'credential-missing'],
  // The body ended inside a message: the connection closed early.
  [/^Truncated event message/, 'network'],
  [/checksum|message length|too short to accommodate|Unrecognized header type|Unrecognizable event type/i, 'malformed-stream'],
];

/** The fields Bedrock's exceptions carry besides their message. */
interface BedrockExceptionFields {
  originalStatusCode?: number;
  resourceName?: string;
  originalMessage?: string;
}

/** Stream exceptions arrive with their event name (throttlingException); the type is the same either way. */
function exceptionType(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function codeForType(type: string, status: number | undefined, message: string, fault: unknown): ChatErrorCode {
  const code = CODE_BY_TYPE[type];
  if (code === 'not-found' || (code === 'bad-request' && /model identifier is invalid/i.test(message))) {
    return /model/i.test(message) ? 'model-not-found' : code;
  }
  if (code) return code;
  if (status !== undefined && status >= 400) return codeForStatus(status);
  return fault === 'server' ? 'server-error' : 'unknown';
}

/** The technical message: ModelError and ModelStreamError keep what the model itself said. */
function describe(message: string, fields: BedrockExceptionFields): string {
  const original = [
    fields.originalStatusCode !== undefined ? `original status ${fields.originalStatusCode}` : '',
    fields.originalMessage ? `original message: ${fields.originalMessage}` : '',
    fields.resourceName ? `resource: ${fields.resourceName}` : '',
  ].filter(Boolean);
  return original.length ? `${message} (${original.join('; ')})` : message;
}

/** A Bedrock exception by type name, from the SDK or from a reply read by hand. */
export function bedrockExceptionError(
  name: string,
  message: string,
  extra: { provider?: string; status?: number; fault?: unknown } & BedrockExceptionFields = {},
): ChatError {
  const type = exceptionType(name);
  const text = describe(message || type, extra);
  return chatError(codeForType(type, extra.status, text, extra.fault), text, {
    provider: extra.provider,
    type,
    ...(extra.status !== undefined && extra.status >= 400 ? { status: extra.status } : {}),
  });
}

interface SdkFailure {
  name?: unknown;
  message?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: number };
  originalStatusCode?: unknown;
  resourceName?: unknown;
  originalMessage?: unknown;
}

function isServiceFailure(e: SdkFailure): boolean {
  return typeof e.name === 'string' && (e.$fault !== undefined || exceptionType(e.name) in CODE_BY_TYPE);
}

/**
 * Maps what the SDK or its event-stream reader threw (the adapter shell has
 * dealt with policy refusals and stops). An exception has one code whether it
 * came as an HTTP reply or as an error event inside a stream already started.
 */
export function bedrockChatError(e: unknown, provider?: string): ChatError {
  const failure = (typeof e === 'object' && e !== null ? e : {}) as SdkFailure;
  const message = typeof failure.message === 'string' ? failure.message : String(e);
  const status = failure.$metadata?.httpStatusCode;
  if (isServiceFailure(failure)) {
    return bedrockExceptionError(String(failure.name), message, {
      provider,
      status,
      fault: failure.$fault,
      originalStatusCode: typeof failure.originalStatusCode === 'number' ? failure.originalStatusCode : undefined,
      resourceName: typeof failure.resourceName === 'string' ? failure.resourceName : undefined,
      originalMessage: typeof failure.originalMessage === 'string' ? failure.originalMessage : undefined,
    });
  }
  // An error reply the SDK could not read (a proxy's HTML page) still failed with its status.
  if (status !== undefined && status >= 400) return chatError(codeForStatus(status), message, { provider, status });
  if (e instanceof SyntaxError) return chatError('malformed-stream', e.message, { provider });
  for (const [pattern, code] of KNOWN_MESSAGES) {
    if (pattern.test(message)) return chatError(code, message, { provider });
  }
  return toChatError(e, provider);
}
