import type { ToolStep } from '../../lib/core/conversation';
import { patchMessage } from '../../lib/storage/conversations';
import { useChatStore } from '../state/chat-store';

/** Writes what a plugin's page filled in as its call's result, once the answer holding the call is finished. */
export function usePluginFill(messageId: string, step: ToolStep): (content: string) => Promise<void> {
  return async (content) => {
    // While the answer is still written the background owns the steps; a late write would be overwritten.
    const current = useChatStore.getState().messages.find((m) => m.id === messageId);
    if (!current || current.status === 'streaming') return;
    const steps = (current.steps ?? []).map((s) => (s.call.id === step.call.id ? { ...s, result: content } : s));
    await patchMessage(messageId, { steps });
    await useChatStore.getState().reloadMessages();
  };
}
