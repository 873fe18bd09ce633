import type { McpServerRecord } from '../core/mcp';

/** An MCP server as the panel sees it: whether a token or headers are saved, never their values. */
export interface McpServerView extends McpServerRecord {
  enabled: boolean;
  tokenSet: boolean;
  headersSet: boolean;
  /** A server that signs in (`oauth`) holds tokens: it is signed in. */
  signedIn: boolean;
}
