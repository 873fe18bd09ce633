import type { ToolCall } from '../core/chat';
import type { Conversation } from '../core/conversation';
import { toChatError } from '../core/errors';
import type { ToolOutcome, ToolRuntime } from '../core/tool-runtime';
import type { FetchLike } from '../transport/secure-fetch';
import { parseToolArguments } from './arguments';
import { DECLINED_RESULT, type ToolPermit } from '../core/tool-consent';
import { buildPluginRequest, executePluginCall } from './gateway';
import type { InstalledPlugin, PluginManifest } from '../core/plugins';
import { isApprovedUrl } from './origins';
import { checkPluginSettings, withDefaults } from './settings-form';
import { buildPluginTools, composePluginSystemRole, resolvePluginTool, withToolsOn } from './tools';

/** A plugin answering after this long has stalled the conversation enough. */
const PLUGIN_TIMEOUT_MS = 30_000;
/** Far beyond any useful tool result, and well below what would strain the worker. */
const PLUGIN_MAX_RESPONSE_BYTES = 1024 * 1024;

/** What a standalone plugin's call tells the model: LobeChat calls no API for these, the UI takes over. */
export const STANDALONE_RESULT = "The plugin's interface is now shown to the user in the conversation.";

/** A plugin built into Parley: a manifest like any other, run in the background instead of over HTTP. */
export interface BuiltinPlugin {
  manifest: PluginManifest;
  run(apiName: string, args: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

export interface PluginRuntimeDeps {
  installed(): Promise<InstalledPlugin[]>;
  /** The saved settings of this one plugin: no other owner's secrets are ever read for a call. */
  settings(identifier: string): Promise<Record<string, unknown>>;
  builtins?: readonly BuiltinPlugin[];
  fetch?: FetchLike;
  timeoutMs?: number;
  maxBytes?: number;
}

interface Enabled {
  manifest: PluginManifest;
  installed?: InstalledPlugin;
  builtin?: BuiltinPlugin;
}

/** Enabled plugins in a stable order (built-ins first, then by install), so tool names do not shift between rounds. */
async function enabledPlugins(deps: PluginRuntimeDeps, conversation: Conversation): Promise<Enabled[]> {
  const wanted = new Set(conversation.plugins ?? []);
  if (!wanted.size) return [];
  const builtins = (deps.builtins ?? [])
    .filter((b) => wanted.has(b.manifest.identifier))
    .map((builtin) => ({ manifest: builtin.manifest, builtin }));
  const taken = new Set(builtins.map((b) => b.manifest.identifier));
  const installed = (await deps.installed())
    .filter((p) => wanted.has(p.identifier) && !taken.has(p.identifier) && p.enabled !== false)
    .map((plugin) => ({ manifest: withToolsOn(plugin.manifest, plugin.disabledTools), installed: plugin }));
  return [...builtins, ...installed];
}

const failed = (result: string, plugin?: string): ToolOutcome => ({ result, plugin, isError: true });

/** An installed plugin's call, checked and built but not yet sent: or the failure to tell the model instead. */
type Prepared = { outcome: ToolOutcome } | { origin?: string; send(): Promise<ToolOutcome> };

async function prepareInstalled(
  deps: PluginRuntimeDeps,
  plugin: InstalledPlugin,
  apiName: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Prepared> {
  const { manifest, identifier } = plugin;
  // A standalone plugin's call reaches no API; its UI, loaded from this origin, receives the arguments.
  if (manifest.type === 'standalone') {
    return { origin: originOf(manifest.ui?.url), send: async () => ({ result: STANDALONE_RESULT, plugin: identifier }) };
  }
  const check = checkPluginSettings(manifest.settings, withDefaults(manifest.settings, await deps.settings(identifier)));
  if (!check.ok) {
    const detail = check.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join(' ');
    return {
      outcome: failed(
        `The plugin's settings are incomplete: ${detail} The user must complete them in Parley's plugin settings.`,
        identifier,
      ),
    };
  }
  const request = buildPluginRequest({
    manifest,
    apiName,
    args,
    settings: manifest.settings && Object.keys(check.settings).length ? check.settings : undefined,
  });
  if (!isApprovedUrl(request.url, plugin.origins)) {
    return { outcome: failed(`Refused: ${originOf(request.url)} is not among the origins approved for this plugin.`, identifier) };
  }
  return {
    origin: originOf(request.url),
    async send() {
      const response = await executePluginCall(request, {
        fetch: deps.fetch,
        signal,
        timeoutMs: deps.timeoutMs ?? PLUGIN_TIMEOUT_MS,
        maxBytes: deps.maxBytes ?? PLUGIN_MAX_RESPONSE_BYTES,
      });
      return { result: response.text, plugin: identifier };
    },
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The tools of the plugins enabled in a conversation: their APIs as tool
 * definitions and their system roles, and the execution of a call. Arguments
 * are validated against the API's parameters before anything runs; an invalid
 * call, like any failure, comes back to the model as an error result it can act on.
 */
export function createPluginRuntime(deps: PluginRuntimeDeps): ToolRuntime {
  return {
    async definitions(conversation) {
      const manifests = (await enabledPlugins(deps, conversation)).map((p) => p.manifest);
      return { tools: buildPluginTools(manifests).definitions, systemRole: composePluginSystemRole(manifests) };
    },

    async execute(conversation: Conversation, call: ToolCall, signal: AbortSignal, permit: ToolPermit): Promise<ToolOutcome> {
      const enabled = await enabledPlugins(deps, conversation);
      const ref = resolvePluginTool(buildPluginTools(enabled.map((p) => p.manifest)), call.name);
      const plugin = ref && enabled.find((p) => p.manifest.identifier === ref.identifier);
      const api = ref && plugin?.manifest.api.find((entry) => entry.name === ref.apiName);
      if (!ref || !plugin || !api) return failed(`There is no tool named "${call.name}" in this conversation.`);
      const parsed = parseToolArguments(call.arguments, api.parameters);
      if (!parsed.ok) return failed(parsed.error, ref.identifier);
      try {
        // Built-ins never leave the browser, so they need no approval.
        if (plugin.builtin) return { result: await plugin.builtin.run(api.name, parsed.args, signal), plugin: ref.identifier };
        const installed = plugin.installed!;
        const prepared = await prepareInstalled(deps, installed, api.name, parsed.args, signal);
        if ('outcome' in prepared) return prepared.outcome;
        const permitted = await permit({
          callId: call.id,
          source: ref.identifier,
          sourceName: installed.manifest.meta.title ?? ref.identifier,
          tool: api.name,
          origin: prepared.origin,
          arguments: JSON.stringify(parsed.args, null, 2),
          mode: installed.approval ?? 'ask',
        });
        return permitted ? await prepared.send() : failed(DECLINED_RESULT, ref.identifier);
      } catch (e) {
        // Stopping the answer stops the loop; anything else is the plugin's failure, reported to the model.
        if (signal.aborted) throw e;
        return failed(toChatError(e).message, ref.identifier);
      }
    },
  };
}
