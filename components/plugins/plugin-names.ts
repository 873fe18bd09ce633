import { useTranslation } from 'react-i18next';
import { inertText } from '../../lib/core/inert-text';
import type { PluginManifest } from '../../lib/core/plugins';
import { buildPluginTools, resolvePluginTool } from '../../lib/plugins/tools';
import type { PluginView } from '../../lib/messaging/plugin-protocol';

/**
 * A plugin's name for people: built-ins in the interface language, others as
 * their manifest titles them, with bidi controls made inert (see inertText).
 */
export function usePluginNames() {
  const { t } = useTranslation();
  return {
    title(view: Pick<PluginView, 'builtin' | 'identifier' | 'manifest'>): string {
      if (view.builtin) return t(`plugins.builtin.${view.identifier}.title`);
      return inertText(view.manifest.meta.title?.trim() || view.identifier);
    },
    description(view: Pick<PluginView, 'builtin' | 'identifier' | 'manifest'>): string | undefined {
      if (view.builtin) return t(`plugins.builtin.${view.identifier}.description`);
      const description = view.manifest.meta.description?.trim();
      return description ? inertText(description) : undefined;
    },
  };
}

const SEPARATOR = '____';

/**
 * The API a tool name stands for. A plugin's own tool set gives the names it
 * was offered under (hashed ones included); a name from an older manifest falls
 * back to LobeChat's `identifier____api` spelling.
 */
export function apiNameOf(manifest: PluginManifest | undefined, toolName: string): string {
  const ref = manifest && resolvePluginTool(buildPluginTools([manifest]), toolName);
  if (ref) return ref.apiName;
  const parts = toolName.split(SEPARATOR);
  return parts.length > 1 ? parts[1]! : toolName;
}
