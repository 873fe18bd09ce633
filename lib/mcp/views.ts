import type { McpServerRecord } from '../core/mcp';
import type { ToolApprovalMode } from '../core/plugins';

/** An MCP server as the panel sees it: whether a token or headers are saved, never their values. */
export interface McpServerView extends McpServerRecord {
  enabled: boolean;
  approval: ToolApprovalMode;
  tokenSet: boolean;
  headersSet: boolean;
  /** A server that signs in (`oauth`) holds tokens: it is signed in. */
  signedIn: boolean;
}
