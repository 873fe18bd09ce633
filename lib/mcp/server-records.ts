/** MCP servers as stored: one preference holding the list (no secrets: those are sealed in the vault by owner). */
import type { McpServerRecord } from '../core/mcp';
import { getPref, setPref } from '../storage/prefs';

/** The vault owner of a server's token and headers, apart from every provider's and plugin's. */
export function mcpSecretOwner(id: string): string {
  return `mcp:${id}`;
}

/** In the order they were added. */
export async function listMcpServers(): Promise<McpServerRecord[]> {
  return [...(await getPref('mcpServers'))].sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id));
}

export async function getMcpServer(id: string): Promise<McpServerRecord | undefined> {
  return (await getPref('mcpServers')).find((server) => server.id === id);
}

export async function putMcpServer(server: McpServerRecord): Promise<void> {
  const others = (await getPref('mcpServers')).filter((s) => s.id !== server.id);
  await setPref('mcpServers', [...others, server]);
}

/** Removes the record only; the caller deletes its secrets from the vault. */
export async function deleteMcpServer(id: string): Promise<void> {
  await setPref(
    'mcpServers',
    (await getPref('mcpServers')).filter((s) => s.id !== id),
  );
}
