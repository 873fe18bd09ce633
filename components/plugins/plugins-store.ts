import { useEffect } from 'react';
import { create } from 'zustand';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import { onBroadcast } from '../../lib/messaging/events';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { updateConversation } from '../../lib/storage/conversations';
import { useChatStore } from '../state/chat-store';

interface PluginsState {
  loaded: boolean;
  views: PluginView[];
  error?: ChatError;
  /** Plugins chosen before the first message, applied to the conversation that message creates. */
  pending: string[];
  refresh(): Promise<void>;
  /** Enables or disables a plugin for the open conversation (or the one about to be created). */
  toggle(identifier: string, enabled: boolean): Promise<void>;
}

export const usePluginsStore = create<PluginsState>((set, get) => ({
  loaded: false,
  views: [],
  pending: [],

  async refresh() {
    try {
      set({ views: await request('plugins.list', {}), loaded: true, error: undefined });
    } catch (e) {
      set({ loaded: true, error: toChatError(e) });
    }
  },

  async toggle(identifier, enabled) {
    const conversation = useChatStore.getState().conversation;
    const current = conversation ? (conversation.plugins ?? []) : get().pending;
    const next = enabled ? [...new Set([...current, identifier])] : current.filter((id) => id !== identifier);
    if (!conversation) {
      set({ pending: next });
      return;
    }
    // A failed write puts the switch back; there is nothing else to tell.
    await applyPlugins(conversation.id, next).catch(() => undefined);
  },
}));

function showPlugins(conversationId: string, plugins: string[] | undefined): void {
  useChatStore.setState((s) => (s.conversation?.id === conversationId ? { conversation: { ...s.conversation, plugins } } : {}));
}

/** Shown at once, so the switch follows the click; put back if the write fails. */
async function applyPlugins(conversationId: string, plugins: string[]): Promise<void> {
  const before = useChatStore.getState().conversation?.plugins;
  showPlugins(conversationId, plugins);
  try {
    await updateConversation(conversationId, { plugins });
  } catch (e) {
    showPlugins(conversationId, before);
    throw e;
  }
}

let started = false;
/** A conversation this young with no messages is the one the first message is creating. */
const NEW_CONVERSATION_MS = 5_000;

/**
 * Loads the plugin list once per page and keeps it current. A conversation
 * created by the first message takes the plugins picked before it: the write
 * is issued synchronously as the chat store announces the new conversation,
 * ahead of the message writes, so the answer already sees them.
 */
export function startPluginsStore(): void {
  if (started) return;
  started = true;
  void usePluginsStore.getState().refresh();
  onBroadcast((event) => {
    if (event.type === 'plugins.changed') void usePluginsStore.getState().refresh();
  });
  useChatStore.subscribe((state, previous) => {
    const { pending } = usePluginsStore.getState();
    const shown = state.conversation;
    if (!shown || previous.conversation || !pending.length) return;
    usePluginsStore.setState({ pending: [] });
    // Opening an older conversation drops the picks; only a brand-new, empty one takes them.
    const created = !shown.plugins && !state.messages.length && Date.now() - shown.createdAt < NEW_CONVERSATION_MS;
    if (created) void applyPlugins(shown.id, pending).catch(() => undefined);
  });
}

/**
 * The installed plugin a call or step names, for its title and manifest. Starts the list itself: a panel opened on a
 * waiting call shows it before anything else has asked for plugins.
 */
export function usePluginView(identifier: string | undefined): PluginView | undefined {
  useEffect(startPluginsStore, []);
  return usePluginsStore((s) => s.views.find((v) => v.identifier === identifier));
}
