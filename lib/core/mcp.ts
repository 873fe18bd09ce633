/**
 * The MCP feature's data types, kept at the bottom layer because storage holds the servers and the panel shows them.
 * A server is a remote Model Context Protocol endpoint whose tools the model may call; its token and headers are
 * sealed in the vault, never here.
 */
import type { JsonSchemaObject } from './chat';
import type { ToolApprovalMode } from './plugins';

export type McpTransportKind = 'streamable-http' | 'sse';

/** One tool as the server lists it (tools/list). */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
}

/** An MCP server the user added, as stored. */
export interface McpServerRecord {
  /** Random, so two servers at one address stay apart; `mcp:<id>` names it in a conversation's tool list. */
  id: string;
  url: string;
  /** The origin the user approved; the client reaches no other. A new URL at another origin is approved again. */
  origin: string;
  /** The server's own name and version from initialize. */
  name: string;
  version?: string;
  /** Which transport answered last time, tried first next time. */
  transport: McpTransportKind;
  /** The last tool list read from the server, offered while it cannot be reached. */
  tools: McpToolInfo[];
  addedAt: number;
  /** Switched off by the user: kept, but offered in no chat. Absent means on. */
  enabled?: boolean;
  /** Tool names the user switched off: never offered to a model, nor called. Absent means all on. */
  disabledTools?: string[];
  /** Whether its tool calls wait for the user; absent means 'ask'. */
  approval?: ToolApprovalMode;
  /** The server asked for an OAuth sign-in (a 401 naming its resource metadata); its tokens are in the vault. */
  oauth?: true;
  /** Other origins the user approved for the server's authorization server (discovery, registration, tokens). */
  authOrigins?: string[];
}

/** The server's entry in a conversation's `plugins` list, beside plugin identifiers. */
const MCP_TOOLSET_PREFIX = 'mcp:';

export function mcpToolsetId(serverId: string): string {
  return `${MCP_TOOLSET_PREFIX}${serverId}`;
}

/** Whether an entry of a conversation's `plugins` list names an MCP server rather than a plugin. */
export function isMcpToolsetId(entry: string): boolean {
  return entry.startsWith(MCP_TOOLSET_PREFIX);
}

/** The server id an entry of a conversation's `plugins` list names, or undefined for a plugin's identifier. */
export function mcpServerIdOf(entry: string): string | undefined {
  return isMcpToolsetId(entry) ? entry.slice(MCP_TOOLSET_PREFIX.length) : undefined;
}
