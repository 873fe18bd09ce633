/**
 * The typed protocol between extension pages (side panel, settings) and the
 * background. Requests are one-shot runtime messages; chat streams use a
 * long-lived port so the background can push deltas and the worker stays alive.
 */
import type { ChatError } from '../core/errors';
import type { MessageStatus } from '../core/conversation';
import type { ModelInfo, ProviderConfig, ProviderView } from '../core/providers';
import type { PageEvent, PageRequests } from './page-protocol';
import type { ReaderEvent, ReaderRequests } from './reader-protocol';
import type { PluginEvent, PluginRequests } from './plugin-protocol';
import type { SpeechEvent, SpeechRequests } from './speech-protocol';

export interface ProviderModels {
  providerId: string;
  models: ModelInfo[];
  /** The model to start with when the user has not picked one (lib/providers/chat-models). */
  recommended?: string;
  error?: ChatError;
}

export interface DetectedLocalModels {
  ollama?: { baseUrl: string; models: ModelInfo[] };
}

export interface RequestMap extends PageRequests, ReaderRequests, PluginRequests, SpeechRequests {
  'providers.list': { req: Record<string, never>; res: ProviderView[] };
  /** Secrets travel only from the panel to the background, never back. */
  'providers.save': { req: { config: ProviderConfig; secrets: Record<string, string> }; res: ProviderView };
  'providers.delete': { req: { id: string }; res: null };
  'providers.test': { req: { id: string }; res: { models: number } };
  'models.list': { req: Record<string, never>; res: ProviderModels[] };
  'local.detect': { req: Record<string, never>; res: DetectedLocalModels };
}

export type RequestName = keyof RequestMap;

export interface RequestEnvelope<K extends RequestName = RequestName> {
  channel: 'parley';
  name: K;
  payload: RequestMap[K]['req'];
}

export type ResponseEnvelope<K extends RequestName = RequestName> =
  { ok: true; value: RequestMap[K]['res'] } | { ok: false; error: ChatError };

export const CHAT_PORT = 'parley.chat';

export type PanelToBackground =
  /** The panel has stored the user turn and an empty assistant message; answer into it. */
  | { type: 'start'; conversationId: string; messageId: string }
  /** With nothing running (the worker restarted), answered like `watch`: with the stored final state. */
  | { type: 'stop'; conversationId: string }
  /** Follow a conversation's running stream, e.g. after the panel reopened; `ended` with the stored state when none runs. */
  | { type: 'watch'; conversationId: string };

export type BackgroundToPanel =
  | { type: 'snapshot'; conversationId: string; messageId: string; content: string }
  | { type: 'delta'; conversationId: string; messageId: string; text: string }
  | { type: 'steps-changed'; conversationId: string; messageId: string }
  | { type: 'ended'; conversationId: string; messageId: string; status: MessageStatus; error?: ChatError }
  /** A `start` refused because another answer in the conversation is still being written (e.g. from a second window). */
  | { type: 'busy'; conversationId: string; messageId: string };

/** One-way notices the background broadcasts to every open extension page. */
export type BroadcastEvent = PageEvent | ReaderEvent | PluginEvent | SpeechEvent;

export interface BroadcastEnvelope {
  channel: 'parley.event';
  event: BroadcastEvent;
}
