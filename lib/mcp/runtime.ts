/**
 * The tools of the MCP servers enabled in a conversation, for the stream loop. Arguments are validated against the
 * tool's inputSchema (interpreted, CSP-safe) before anything is sent; every failure (an unreachable server, a
 * protocol error, the tool's own error, the time limit) comes back to the model as an error result it can act on,
 * with a code the panel words for the user, so a failing server never breaks the chat.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Conversation } from '../core/conversation';
import { chatError, toChatError, type ChatError } from '../core/errors';
import { mcpToolsetId, type McpServerRecord, type McpToolInfo } from '../core/mcp';
import type { PluginParameters } from '../core/plugins';
import { DECLINED_RESULT } from '../core/tool-consent';
import type { ToolOutcome, ToolRuntime } from '../core/tool-runtime';
import { parseToolArguments } from '../plugins/arguments';
import { mapToolResult, type ResultLimits } from './results';
import { buildMcpTools, enabledServers, resolveMcpTool } from './tools';

/** A tool answering after this long has stalled the conversation enough; long jobs should report progress instead. */
export const MCP_CALL_TIMEOUT_MS = 60_000;
const MCP_RESULT_LIMITS: ResultLimits = { maxChars: 100_000, maxImageChars: 4 * 1024 * 1024 };

export interface McpRuntimeDeps {
  servers(): Promise<McpServerRecord[]>;
  /** The server's current tools; throws when it cannot be reached. */
  tools(server: McpServerRecord): Promise<McpToolInfo[]>;
  call(
    server: McpServerRecord,
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<CallToolResult>;
  timeoutMs?: number;
  limits?: ResultLimits;
}

/** The servers' tools, each read live or, when the server cannot be reached, as last listed. */
async function toolsetFor(deps: McpRuntimeDeps, conversation: Conversation) {
  const servers = enabledServers(await deps.servers(), conversation.plugins);
  const lists = new Map(
    await Promise.all(servers.map(async (server) => [server.id, await deps.tools(server).catch(() => server.tools)] as const)),
  );
  return { servers, toolset: buildMcpTools(servers, (server) => lists.get(server.id) ?? []) };
}

/** An MCP tool's inputSchema as the validator takes it: an object schema, with no properties when it lists none. */
function parametersOf(tool: McpToolInfo): PluginParameters {
  return { properties: {}, ...tool.inputSchema, type: 'object' } as PluginParameters;
}

function failed(error: ChatError): ToolOutcome {
  return { result: `Error: ${error.message}`, isError: true, code: error.code };
}

export function createMcpRuntime(deps: McpRuntimeDeps): ToolRuntime {
  return {
    async definitions(conversation) {
      return { tools: (await toolsetFor(deps, conversation)).toolset.definitions };
    },

    async execute(conversation, call, signal, permit) {
      const { servers, toolset } = await toolsetFor(deps, conversation);
      const ref = resolveMcpTool(toolset, call.name);
      const server = ref && servers.find((s) => s.id === ref.serverId);
      if (!ref || !server) return { result: `There is no tool named "${call.name}" in this conversation.`, isError: true };
      const parsed = parseToolArguments(call.arguments, parametersOf(ref.tool));
      if (!parsed.ok) return { result: parsed.error, isError: true };
      const permitted = await permit({
        callId: call.id,
        source: mcpToolsetId(server.id),
        sourceName: server.name,
        tool: ref.tool.name,
        origin: server.origin,
        arguments: JSON.stringify(parsed.args, null, 2),
        mode: server.approval ?? 'ask',
      });
      if (!permitted) return { result: DECLINED_RESULT, isError: true };
      try {
        const result = await deps.call(server, ref.tool.name, parsed.args, { signal, timeoutMs: deps.timeoutMs ?? MCP_CALL_TIMEOUT_MS });
        const mapped = mapToolResult(result, deps.limits ?? MCP_RESULT_LIMITS);
        return {
          result: mapped.text,
          ...(mapped.images.length ? { images: mapped.images } : {}),
          ...(mapped.isError ? { isError: true, code: 'mcp-tool-error' as const } : {}),
        };
      } catch (e) {
        // Stopping the answer stops the loop; anything else is the server's failure, reported to the model.
        if (signal.aborted) throw e;
        const error = toChatError(e);
        return failed(error.code === 'unknown' ? chatError('mcp-protocol', error.message) : error);
      }
    },
  };
}
