import type { McpServerView } from '../../lib/messaging/mcp-protocol';
import type { PluginView } from '../../lib/messaging/plugin-protocol';
import { useChatStore } from '../state/chat-store';
import { useProvidersStore } from '../state/providers-store';

/** How many of the tools the model is offered: those the user did not switch off. */
function toolsOn(tools: readonly { name: string }[], disabled: readonly string[] | undefined): number {
  const off = new Set(disabled);
  return tools.filter((tool) => !off.has(tool.name)).length;
}

/** How many of a plugin's APIs the model is offered. */
export const pluginToolsOn = (view: PluginView): number => toolsOn(view.manifest.api, view.disabledTools);

/** How many of a server's tools the model is offered. */
export const serverToolsOn = (view: McpServerView): number => toolsOn(view.tools, view.disabledTools);

/**
 * The most tools the model the next message goes to takes in one request (the composer's choice, else the
 * conversation's); undefined while the providers are not listed.
 */
export function useToolLimit(): number | undefined {
  const selected = useProvidersStore((s) => s.selected);
  const saved = useChatStore((s) => s.conversation?.model);
  const providers = useProvidersStore((s) => s.providers);
  const ref = selected ?? saved;
  const limit = ref && providers.find((provider) => provider.id === ref.providerId)?.maxTools;
  // A provider that takes no tools (the browser's own model) is sent none, so no number of tools stops a message.
  return limit || undefined;
}
