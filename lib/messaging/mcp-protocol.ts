/** Requests and broadcasts for MCP servers: adding one after its origin is approved, credentials, tools, removal and undo. */
import type { ToolApprovalMode } from '../core/plugins';
import type { McpServerView } from '../mcp/views';

export type { McpServerView } from '../mcp/views';

export interface McpRequests {
  'mcp.list': { req: Record<string, never>; res: McpServerView[] };
  /** Checks the address and names its origin for the user to approve; contacts nothing. */
  'mcp.preview': { req: { url: string }; res: { url: string; origin: string } };
  /**
   * Connects after the user approved `origin`, reads the tools and stores the server; the token and headers
   * (a JSON object) go to the vault. Fails, storing nothing, when the server cannot be used.
   */
  'mcp.add': { req: { url: string; origin: string; token?: string; headers?: string }; res: McpServerView };
  /**
   * A new address, token or headers (an empty string removes one, an absent one keeps it), saved once the server
   * answers with them; `origin` is the address's origin, approved again by the user when it changed.
   */
  'mcp.update': { req: { id: string; url: string; origin: string; token?: string; headers?: string }; res: McpServerView };
  /** Reads the server's tools again now. */
  'mcp.refresh': { req: { id: string }; res: McpServerView };
  /** Switches a server on or off everywhere. */
  'mcp.setEnabled': { req: { id: string; enabled: boolean }; res: McpServerView };
  /** Which of the server's tools are switched off (all others are on). */
  'mcp.setDisabledTools': { req: { id: string; names: string[] }; res: McpServerView };
  /** Ask before each of the server's tool calls, or run them automatically. */
  'mcp.setApproval': { req: { id: string; approval: ToolApprovalMode }; res: McpServerView };
  /** Removes a server and its credentials; for a minute, mcp.restore can put both back. */
  'mcp.remove': { req: { id: string }; res: null };
  /** Puts back a server removed moments ago, its token, headers and sign-in included (Undo). */
  'mcp.restore': { req: { id: string }; res: McpServerView };
  /**
   * Signs in to a server that asked for it (OAuth in the browser's sign-in window) and reads its tools. Answers
   * `{ approve: origin }` when its authorization server lives at another origin the user has not approved: asked
   * again with that `authOrigin` once the user approved it.
   */
  'mcp.signIn': { req: { id: string; authOrigin?: string }; res: { view: McpServerView } | { approve: string } };
  /** Forgets the server's sign-in tokens. */
  'mcp.signOut': { req: { id: string }; res: McpServerView };
}

/** Servers, their tools or credentials changed: read mcp.list again. */
export type McpEvent = { type: 'mcp.changed' };
