import { create } from 'zustand';
import { request } from '../../lib/messaging/client';
import { onBroadcast } from '../../lib/messaging/events';
import type { PendingToolCall } from '../../lib/core/tool-consent';

interface PendingCallsState {
  calls: PendingToolCall[];
  refresh(): Promise<void>;
}

/** Tool calls (plugins', MCP servers') waiting for the user, as the background holds them. */
export const usePendingCalls = create<PendingCallsState>((set) => ({
  calls: [],
  async refresh() {
    // The background may be restarting; the next announcement or open tries again.
    set({ calls: await request('tools.pendingCalls', {}).catch(() => []) });
  },
}));

let started = false;

/** Reads the waiting calls once per page (so a panel opened late sees them), then again whenever the background announces a change. */
export function startPendingCalls(): void {
  if (started) return;
  started = true;
  void usePendingCalls.getState().refresh();
  onBroadcast((event) => {
    if (event.type === 'tools.pending-changed') void usePendingCalls.getState().refresh();
  });
}
