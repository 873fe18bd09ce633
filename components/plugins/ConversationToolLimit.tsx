import { mcpToolsetId } from '../../lib/core/mcp';
import { useMcpStore } from '../mcp/mcp-store';
import { useChatStore } from '../state/chat-store';
import { usePluginsStore } from './plugins-store';
import { pluginToolsOn, serverToolsOn, useToolLimit } from './tool-limit';
import { ToolLimitNotice } from './ToolLimitNotice';

/**
 * Warns, as the plugins and servers are switched on for this chat, once their tools together are more than the
 * model takes: the answer would be refused before anything is sent.
 */
export function ConversationToolLimit() {
  const limit = useToolLimit();
  const plugins = usePluginsStore((s) => s.views);
  const pending = usePluginsStore((s) => s.pending);
  const servers = useMcpStore((s) => s.views);
  const chosen = useChatStore((s) => s.conversation?.plugins);
  const conversation = useChatStore((s) => !!s.conversation);
  const on = new Set(conversation ? (chosen ?? []) : pending);
  const count =
    plugins.filter((view) => view.enabled && on.has(view.identifier)).reduce((sum, view) => sum + pluginToolsOn(view), 0) +
    servers.filter((view) => view.enabled && on.has(mcpToolsetId(view.id))).reduce((sum, view) => sum + serverToolsOn(view), 0);
  if (limit === undefined || count <= limit) return null;
  return <ToolLimitNotice count={count} limit={limit} inChat />;
}
