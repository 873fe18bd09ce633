import type { PluginType } from '../core/plugins';

/** LobeChat's plugin postMessage channel (@lobehub/chat-plugin-sdk `PluginChannel`). */
export const PLUGIN_CHANNEL = {
  readyForRender: 'lobe-chat:plugin-ready-for-render',
  initStandalone: 'lobe-chat:init-standalone-plugin',
  fetchMessage: 'lobe-chat:fetch-plugin-message',
  renderPlugin: 'lobe-chat:render-plugin',
  fillContent: 'lobe-chat:fill-plugin-content',
  fetchSettings: 'lobe-chat:fetch-plugin-settings',
  renderSettings: 'lobe-chat:render-plugin-settings',
  updateSettings: 'lobe-chat:update-plugin-settings',
  fetchState: 'lobe-chat:fetch-plugin-state',
  renderState: 'lobe-chat:render-plugin-state',
  updateState: 'lobe-chat:update-plugin-state',
} as const;

/** Content a plugin UI may write back into its step; beyond this it is not a result but a flood. */
const MAX_FILL_CHARS = 1024 * 1024;

/** LobeChat's PluginRequestPayload: what a standalone UI is started with. */
export interface PluginRequestPayload {
  apiName: string;
  /** The call's arguments as the JSON text the model wrote. */
  arguments: string;
  identifier: string;
  type: PluginType;
}

/** What the hosting page does for the frame. */
export interface PluginFrameHost {
  payload: PluginRequestPayload;
  /** The step's result, as LobeChat hands a message's content to the plugin. */
  content(): unknown;
  /** This plugin's own settings; never another plugin's or a provider's. */
  settings(): Promise<unknown>;
  saveSettings(values: Record<string, unknown>): void;
  fillContent(content: string): void;
}

export interface FrameChannelOptions {
  /** The plugin's iframe window, looked up on every message: a reloaded frame gets a new one. */
  frame(): Window | null | undefined;
  /** The exact origin of the plugin's UI URL. */
  origin: string;
  host: PluginFrameHost;
}

type Incoming = { type: string } & Record<string, unknown>;

function isIncoming(data: unknown): data is Incoming {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The host side of one plugin frame. A message counts only when it comes from
 * that frame's own window (event.source) AND from the plugin's origin: another
 * frame of the same origin, a page, or a frame the plugin navigated elsewhere
 * is ignored. Replies go to the plugin's exact origin, never to '*', so they
 * are dropped if the frame is no longer showing the plugin.
 */
export function createFrameChannel({ frame, origin, host }: FrameChannelOptions): (event: MessageEvent) => void {
  const state = new Map<string, unknown>();

  const reply = (message: Record<string, unknown>) => frame()?.postMessage(message, origin);

  return (event) => {
    const target = frame();
    if (!target || event.source !== target || event.origin !== origin || !isIncoming(event.data)) return;
    const data = event.data;
    switch (data.type) {
      case PLUGIN_CHANNEL.readyForRender:
        if (host.payload.type === 'standalone') {
          void host.settings().then((settings) =>
            // `props` repeats the payload for plugins built on the SDK's first version.
            reply({
              type: PLUGIN_CHANNEL.initStandalone,
              payload: host.payload,
              props: host.payload,
              settings,
              state: Object.fromEntries(state),
            }),
          );
        } else {
          reply({ type: PLUGIN_CHANNEL.renderPlugin, props: { content: host.content() } });
        }
        return;
      case PLUGIN_CHANNEL.fetchMessage:
        reply({ type: PLUGIN_CHANNEL.renderPlugin, props: { content: host.content() } });
        return;
      case PLUGIN_CHANNEL.fetchSettings:
        void host.settings().then((value) => reply({ type: PLUGIN_CHANNEL.renderSettings, value }));
        return;
      case PLUGIN_CHANNEL.updateSettings:
        if (isPlainObject(data.value)) host.saveSettings(data.value);
        return;
      case PLUGIN_CHANNEL.fillContent: {
        const content = typeof data.content === 'string' ? data.content : JSON.stringify(data.content);
        if (content !== undefined && content.length <= MAX_FILL_CHARS) host.fillContent(content);
        return;
      }
      case PLUGIN_CHANNEL.fetchState:
        if (typeof data.key === 'string') reply({ type: PLUGIN_CHANNEL.renderState, key: data.key, value: state.get(data.key) });
        return;
      case PLUGIN_CHANNEL.updateState:
        if (typeof data.key === 'string') state.set(data.key, data.value);
        return;
    }
  };
}
