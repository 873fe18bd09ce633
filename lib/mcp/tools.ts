import type { ToolDefinition } from '../core/chat';
import { mcpToolsetId, type McpServerRecord, type McpToolInfo } from '../core/mcp';
import { MAX_TOOL_NAME, toolNameHash, VALID_TOOL_NAME } from '../core/tool-names';

/** Which server tool a tool name stands for. */
export interface McpToolRef {
  serverId: string;
  tool: McpToolInfo;
}

export interface McpToolset {
  definitions: ToolDefinition[];
  refs: McpToolRef[];
}

const slug = (text: string) => text.replace(/[^\w-]/g, '_').replace(/^(?=[^A-Za-z_])/, '_');

/**
 * `<server>__<tool>`, both made valid for every provider, so the model sees which server a tool belongs to; a name
 * that would be too long, or that another tool took, ends in a hash of the exact pair instead.
 */
function toolName(server: McpServerRecord, tool: string, attempt: number): string {
  const plain = `${slug(server.name).slice(0, 24)}__${slug(tool)}`;
  if (attempt === 0 && VALID_TOOL_NAME.test(plain)) return plain;
  const digest = `h${toolNameHash(`${server.id}\u0000${tool}\u0000${attempt}`)}`;
  return `${plain.slice(0, MAX_TOOL_NAME - digest.length - 1)}_${digest}`;
}

/** Tool definitions for every tool of the given servers, with names unique among themselves and `taken`. */
export function buildMcpTools(servers: readonly McpServerRecord[], tools: (server: McpServerRecord) => McpToolInfo[]): McpToolset {
  const toolset: McpToolset = { definitions: [], refs: [] };
  const taken = new Set<string>();
  for (const server of servers) {
    // A tool the user switched off is neither offered nor callable: resolveMcpTool finds only what is listed here.
    const off = new Set(server.disabledTools);
    for (const tool of tools(server).filter((t) => !off.has(t.name))) {
      let name = toolName(server, tool.name, 0);
      for (let attempt = 1; taken.has(name); attempt++) name = toolName(server, tool.name, attempt);
      taken.add(name);
      const description = tool.description?.trim() || tool.title?.trim() || tool.name;
      toolset.definitions.push({ name, description, parameters: tool.inputSchema });
      toolset.refs.push({ serverId: server.id, tool });
    }
  }
  return toolset;
}

export function resolveMcpTool(toolset: McpToolset, name: string): McpToolRef | undefined {
  const index = toolset.definitions.findIndex((definition) => definition.name === name);
  return index === -1 ? undefined : toolset.refs[index];
}

/** The servers a conversation enabled, in the order they were added, so tool names do not shift between rounds. */
export function enabledServers(servers: readonly McpServerRecord[], enabledIds: readonly string[] | undefined): McpServerRecord[] {
  const wanted = new Set(enabledIds ?? []);
  return servers.filter((server) => server.enabled !== false && wanted.has(mcpToolsetId(server.id)));
}
