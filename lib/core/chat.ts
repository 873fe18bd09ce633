/** Provider-neutral chat model shared by the background, the panel and every adapter. */
import type { ImagePart } from './images';

export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text exactly as the model produced it; parsed only where it is used. */
  arguments: string;
}

export interface ChatMessage {
  role: Role;
  content: string;
  /** Present on assistant messages that asked for tools. */
  toolCalls?: ToolCall[];
  /** Present on tool messages: which call this result answers. */
  toolCallId?: string;
  /** Tool name, for providers that key results by name (Gemini). */
  name?: string;
  /** Images the user attached to this turn, in the order attached. */
  images?: ImagePart[];
}

export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
}

export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

export interface GenerationParams {
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  frequencyPenalty?: number;
  presencePenalty?: number;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  params?: GenerationParams;
  tools?: ToolDefinition[];
}

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
}

export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'other';

export type ChatEvent =
  | { type: 'text-delta'; text: string }
  /** A tool call, complete: adapters assemble streamed argument fragments before emitting it. */
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'error'; error: import('./errors').ChatError };
