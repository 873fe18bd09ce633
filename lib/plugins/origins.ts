import type { PluginManifest } from '../core/plugins';

/**
 * Every origin a plugin makes Parley contact: its API urls or gateway (which
 * receive its settings) and its UI page. Sorted and unique, so the list the user
 * approves can be compared with the one a later version asks for.
 */
export function pluginOrigins(manifest: PluginManifest): string[] {
  const urls = manifest.gateway ? [manifest.gateway] : manifest.api.flatMap((api) => (api.url ? [api.url] : []));
  if (manifest.ui) urls.push(manifest.ui.url);
  return [...new Set(urls.map((url) => new URL(url).origin))].sort();
}

/** Origins in `wanted` the user has not approved yet. */
export function unapprovedOrigins(wanted: readonly string[], approved: readonly string[]): string[] {
  return wanted.filter((origin) => !approved.includes(origin));
}

export function isApprovedUrl(url: string, approved: readonly string[]): boolean {
  try {
    return approved.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/**
 * Why Parley cannot run a valid manifest. A `module` UI is remote JavaScript
 * loaded into the host page, which Manifest V3 forbids an extension to execute;
 * an iframe UI would need the plugin to serve a page, which such plugins do not.
 */
export function unsupportedFeature(manifest: PluginManifest): 'module-ui' | undefined {
  return manifest.ui?.mode === 'module' ? 'module-ui' : undefined;
}
