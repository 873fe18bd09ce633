import type { ChatEvent, ChatRequest } from '../core/chat';
import type { ModelInfo, ProviderConfig, ProviderKind } from '../core/providers';
import type { FetchLike } from '../transport/secure-fetch';

/** Secret field values (API keys, extra headers as JSON text) read from the vault by the background. */
export type ProviderSecrets = Record<string, string>;

export interface ProviderContext {
  config: ProviderConfig;
  /** Settings with defaults applied (see effectiveSettings). */
  settings: Record<string, string>;
  secrets: ProviderSecrets;
  /** Injected so tests and the background can route and police requests. */
  fetch: FetchLike;
  signal: AbortSignal;
}

/**
 * One adapter per provider kind. `chat` never throws: every failure, including
 * configuration mistakes, arrives as a single `error` event, after which the
 * stream ends. A stream that ends well ends with `finish`.
 */
export interface ProviderAdapter {
  kind: ProviderKind;
  listModels(ctx: ProviderContext): Promise<ModelInfo[]>;
  chat(ctx: ProviderContext, request: ChatRequest): AsyncIterable<ChatEvent>;
  /** The most tool definitions one request may carry (see OPENAI_TOOL_LIMIT); a request with more is never sent. */
  maxTools: number;
  /** Whether this model accepts tool definitions. */
  supportsTools?(model: string): boolean;
  /**
   * Provider-specific checks run when settings are saved, before any network
   * call, throwing a ChatFailure (e.g. Bedrock's "Region is missing").
   * `typed` is what the user entered, before defaults fill blank fields.
   */
  validateConfig?(settings: Record<string, string>, secrets: ProviderSecrets, typed: Record<string, string>): void;
}
