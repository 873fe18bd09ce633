import { createConsentGate } from '../core/tool-consent';
import { mcpServerIdOf } from '../core/mcp';
import { broadcast } from '../messaging/events';
import type { RequestHandlers } from '../messaging/server';
import type { ToolRequests } from '../messaging/tool-protocol';
import { getConversation, updateConversation } from '../storage/conversations';
import { mcpHandlers } from './mcp-handlers';
import { pluginHandlers } from './plugin-handlers';

/** The one consent gate every tool source's calls pass through; give it to the StreamRegistry as `consent`. */
export const toolConsent = createConsentGate({
  async alwaysAllow(source) {
    // Through the settings' own requests, so open settings pages hear of the change.
    const serverId = mcpServerIdOf(source);
    if (serverId) await mcpHandlers['mcp.setApproval']({ id: serverId, approval: 'auto' });
    else await pluginHandlers['plugins.setApproval']({ identifier: source, approval: 'auto' });
  },
  async allowInConversation(conversationId, source) {
    const conversation = await getConversation(conversationId);
    if (!conversation) return;
    await updateConversation(conversationId, { allowedPlugins: [...new Set([...(conversation.allowedPlugins ?? []), source])] });
  },
  announce: () => void broadcast({ type: 'tools.pending-changed' }).catch(() => undefined),
});

/** Requests the panel makes about waiting tool calls; spread into serveRequests. */
export const toolConsentHandlers: Pick<RequestHandlers, keyof ToolRequests> = {
  'tools.pendingCalls': async () => toolConsent.pending(),
  'tools.decide': async ({ id, decision }) => {
    toolConsent.decide(id, decision);
    return null;
  },
};
