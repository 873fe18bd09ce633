import type { ToolDefinition } from '../core/chat';
import type { PluginManifest, PluginType } from '../core/plugins';
import { MAX_TOOL_NAME, toolNameHash, VALID_TOOL_NAME } from '../core/tool-names';

/** Which plugin API a tool name stands for. */
export interface PluginToolRef {
  identifier: string;
  apiName: string;
}

/** Plain data, so it can travel with a conversation: `refs[i]` is what `definitions[i]` calls. */
export interface PluginToolset {
  definitions: ToolDefinition[];
  refs: PluginToolRef[];
}

/** LobeChat's separator between identifier, API name and non-default plugin type. */
const SEPARATOR = '____';
/**
 * LobeChat's `${identifier}____${apiName}` (plus `____${type}` for markdown and
 * standalone plugins) when that is a valid name; otherwise a sanitised, trimmed
 * identifier with a hash of the exact pair, as LobeChat hashes names that are too long.
 */
function toolName(identifier: string, apiName: string, type: PluginType, attempt: number): string {
  const suffix = type === 'default' ? '' : `${SEPARATOR}${type}`;
  const plain = `${identifier}${SEPARATOR}${apiName}${suffix}`;
  if (attempt === 0 && VALID_TOOL_NAME.test(plain)) return plain;
  const digest = `h${toolNameHash(`${identifier}\u0000${apiName}\u0000${attempt}`)}`;
  const head = `_${identifier.replace(/[^\w-]/g, '_')}`.replace(/^_(?=[A-Za-z])/, '');
  return `${head.slice(0, MAX_TOOL_NAME - SEPARATOR.length - digest.length - suffix.length)}${SEPARATOR}${digest}${suffix}`;
}

/** Provider-neutral tool definitions for every API of the enabled plugins, with unique names. */
export function buildPluginTools(manifests: readonly PluginManifest[]): PluginToolset {
  const toolset: PluginToolset = { definitions: [], refs: [] };
  const taken = new Set<string>();
  for (const manifest of manifests) {
    for (const api of manifest.api) {
      let name = toolName(manifest.identifier, api.name, manifest.type, 0);
      for (let attempt = 1; taken.has(name); attempt++) name = toolName(manifest.identifier, api.name, manifest.type, attempt);
      taken.add(name);
      toolset.definitions.push({ name, description: api.description, parameters: api.parameters });
      toolset.refs.push({ identifier: manifest.identifier, apiName: api.name });
    }
  }
  return toolset;
}

/** The manifest with only the APIs the user left on, so what is switched off is neither offered nor run. */
export function withToolsOn(manifest: PluginManifest, off: readonly string[] | undefined): PluginManifest {
  if (!off?.length) return manifest;
  const skipped = new Set(off);
  return { ...manifest, api: manifest.api.filter((api) => !skipped.has(api.name)) };
}

/** The plugin API behind a tool name the model called, or undefined for a name we never offered. */
export function resolvePluginTool(toolset: PluginToolset, name: string): PluginToolRef | undefined {
  const index = toolset.definitions.findIndex((definition) => definition.name === name);
  return index === -1 ? undefined : toolset.refs[index];
}

/**
 * One system-prompt block with the instructions of every enabled plugin that
 * has any, headed by the plugin's title; undefined when none do.
 */
export function composePluginSystemRole(manifests: readonly PluginManifest[]): string | undefined {
  const sections = manifests
    .filter((manifest) => manifest.systemRole?.trim())
    .map((manifest) => `### ${manifest.meta.title?.trim() || manifest.identifier}\n\n${manifest.systemRole?.trim()}`);
  return sections.length > 0 ? ['## Plugins', ...sections].join('\n\n') : undefined;
}
