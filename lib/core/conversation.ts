import type { GenerationParams, ToolCall, Usage } from './chat';
import type { ChatError, ChatErrorCode } from './errors';
import type { ImageRef } from './images';
import type { ToolImage } from './tool-runtime';
import type { ToolApprovalMode } from './plugins';
import type { ModelRef } from './providers';

export type MessageStatus = 'complete' | 'streaming' | 'incomplete' | 'error';

/** Quoted material the user attached: a selection or a page. Never part of the system prompt. */
export interface ContextBlock {
  kind: 'selection' | 'page';
  title?: string;
  url?: string;
  text: string;
}

/** One tool or plugin call made while answering, shown as a collapsible step. */
export interface ToolStep {
  call: ToolCall;
  /** Plugin identifier when a plugin ran it. */
  plugin?: string;
  result?: string;
  error?: string;
  /** Why it failed, when the source said (an MCP server's failures), for the panel to word. */
  errorCode?: ChatErrorCode;
  /** Images the tool returned, shown with the step. */
  images?: ToolImage[];
  /** Its source's setting when the call was made (absent for tools that never leave the browser), shown with the step. */
  approval?: ToolApprovalMode;
  startedAt: number;
  durationMs?: number;
}

export interface StoredMessage {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: number;
  status: MessageStatus;
  model?: ModelRef;
  error?: ChatError;
  usage?: Usage;
  context?: ContextBlock[];
  steps?: ToolStep[];
  /** Images the user attached; their bytes are in the images store. */
  images?: ImageRef[];
}

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  systemPrompt: string;
  params: GenerationParams;
  model?: ModelRef;
  /** Plugin identifiers, and `mcp:<id>` of MCP servers, enabled for this conversation. */
  plugins?: string[];
  /**
   * Tool sources (plugin identifiers, `mcp:<id>`) the user allowed in this conversation: their first calls of an
   * answer run without asking, never a call made after a tool result (lib/core/tool-consent). Never imported.
   */
  allowedPlugins?: string[];
  /** The persona the chat was started with (its id), which the chat header names. */
  persona?: string;
}
