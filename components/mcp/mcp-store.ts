import { create } from 'zustand';
import { toChatError, type ChatError } from '../../lib/core/errors';
import { request } from '../../lib/messaging/client';
import { onBroadcast } from '../../lib/messaging/events';
import type { McpServerView } from '../../lib/messaging/mcp-protocol';

interface McpState {
  views: McpServerView[];
  error?: ChatError;
  refresh(): Promise<void>;
}

export const useMcpStore = create<McpState>((set) => ({
  views: [],
  async refresh() {
    try {
      set({ views: await request('mcp.list', {}), error: undefined });
    } catch (e) {
      set({ error: toChatError(e) });
    }
  },
}));

let started = false;

/** Loads the server list once per page and keeps it current. */
export function startMcpStore(): void {
  if (started) return;
  started = true;
  void useMcpStore.getState().refresh();
  onBroadcast((event) => {
    if (event.type === 'mcp.changed') void useMcpStore.getState().refresh();
  });
}
