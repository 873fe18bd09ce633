/**
 * What went wrong talking to an MCP server, as a ChatError the panel words in the user's language. The SDK throws
 * transport errors with an HTTP status, McpError with a JSON-RPC code, and fetch's TypeError when nothing answers.
 */
import './zod-jitless';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ChatFailure, chatError, isAbortError, type ChatError, type ChatErrorCode } from '../core/errors';

/** The HTTP status an SDK transport error carries, if any. */
function httpStatus(e: unknown): number | undefined {
  if (e instanceof StreamableHTTPError || e instanceof SseError) return e.code;
  return undefined;
}

function codeFor(e: unknown): ChatErrorCode {
  if (e instanceof UnauthorizedError) return 'mcp-unauthorized';
  const status = httpStatus(e);
  if (status === 401 || status === 403) return 'mcp-unauthorized';
  if (status !== undefined && (status >= 500 || status === 404 || status === 408)) return 'mcp-unreachable';
  if (status !== undefined && status >= 400) return 'mcp-protocol';
  if (e instanceof McpError) {
    if (e.code === ErrorCode.RequestTimeout) return 'mcp-timeout';
    if (e.code === ErrorCode.ConnectionClosed) return 'mcp-unreachable';
    return 'mcp-protocol';
  }
  // fetch rejects with a TypeError when no server answers; an SSE stream that never opened has no status either.
  if (e instanceof TypeError || e instanceof SseError) return 'mcp-unreachable';
  return 'mcp-protocol';
}

/** Failures Parley raised itself (an address refused, the size cap) keep their code; the rest are mapped. */
export function toMcpError(e: unknown, server: string): ChatError {
  if (e instanceof ChatFailure) return e.error;
  if (isAbortError(e)) return chatError('aborted', 'The request was stopped.');
  const detail = e instanceof Error ? e.message : String(e);
  return chatError(codeFor(e), `MCP server ${server}: ${detail}`, { status: httpStatus(e) });
}
