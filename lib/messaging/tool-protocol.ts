/** Requests and broadcasts about tool calls waiting for the user, from any tool source (plugins, MCP servers). */
import type { PendingToolCall, ToolDecision } from '../core/tool-consent';

export interface ToolRequests {
  /** Tool calls waiting for the user, so a panel opened late still shows them. */
  'tools.pendingCalls': { req: Record<string, never>; res: PendingToolCall[] };
  /** The user's answer to a waiting call; fails with not-found when it no longer waits. */
  'tools.decide': { req: { id: string; decision: ToolDecision }; res: null };
}

/** A tool call started or stopped waiting for the user: read tools.pendingCalls again. */
export type ToolEvent = { type: 'tools.pending-changed' };
