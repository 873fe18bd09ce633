/**
 * The typed protocol between extension pages (side panel, settings) and the
 * background. Requests are one-shot runtime messages; chat streams use a
 * long-lived port so the background can push deltas and the worker stays alive.
 */
import type { ChatError } from '../core/errors';
import type { DetectedLocalModels, ProviderConfig, ProviderModels, ProviderView } from '../core/providers';
import type { PageEvent, PageRequests } from './page-protocol';
import type { ReaderEvent, ReaderRequests } from './reader-protocol';
import type { PluginEvent, PluginRequests } from './plugin-protocol';
import type { McpEvent, McpRequests } from './mcp-protocol';
import type { ToolEvent, ToolRequests } from './tool-protocol';
import type { SpeechEvent, SpeechRequests } from './speech-protocol';
import type { CaptureEvent, CaptureRequests } from './capture-protocol';
import type { RecordsCheck } from '../storage/stored-records-check';

export type { BackgroundToPanel, PanelToBackground } from '../chat/port-messages';
export { isPanelToBackground } from '../chat/port-messages';

export interface RequestMap
  extends PageRequests, ReaderRequests, PluginRequests, SpeechRequests, CaptureRequests, McpRequests, ToolRequests {
  'providers.list': { req: Record<string, never>; res: ProviderView[] };
  /** Secrets travel only from the panel to the background, never back. */
  'providers.save': { req: { config: ProviderConfig; secrets: Record<string, string> }; res: ProviderView };
  'providers.delete': { req: { id: string }; res: null };
  /** Undo of providers.delete, possible for a short while after it. */
  'providers.restore': { req: { id: string }; res: ProviderView };
  /** Removes every conversation, provider, key, plugin and preference. */
  'data.clear': { req: Record<string, never>; res: null };
  /** Repairs damaged stored records or sets them aside; the panel asks once it is idle after opening. */
  'data.checkRecords': { req: Record<string, never>; res: RecordsCheck };
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

/** One-way notices the background broadcasts to every open extension page. */
export type BroadcastEvent = PageEvent | ReaderEvent | PluginEvent | SpeechEvent | CaptureEvent | McpEvent | ToolEvent;

export interface BroadcastEnvelope {
  channel: 'parley.event';
  event: BroadcastEvent;
}
