import type { ToolCall, ToolDefinition } from './chat';
import type { Conversation } from './conversation';

export interface ToolOutcome {
  result: string;
  /** Plugin identifier, shown with the step. */
  plugin?: string;
  isError?: boolean;
}

/** What the stream loop needs from whoever provides tools (built-in page tools, plugins). */
export interface ToolRuntime {
  definitions(conversation: Conversation): Promise<{ tools: ToolDefinition[]; systemRole?: string }>;
  execute(conversation: Conversation, call: ToolCall, signal: AbortSignal): Promise<ToolOutcome>;
}
