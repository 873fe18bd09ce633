import type { PluginManifest } from '../core/plugins';

/**
 * Every origin a plugin makes Parley contact: its API urls or gateway (which
 * receive its settings) and its UI page. Sorted and unique, so the list the user
 * approves can be compared with the one a later version asks for.
 */
export function pluginOrigins(manifest: PluginManifest): string[] {
  const urls = manifest.gateway ? [manifest.gateway] : manifest.api.flatMap((api) => (api.url ? [api.url] : []));
  const ui = framedUi(manifest);
  if (ui) urls.push(ui.url);
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
 * A `module` UI is remote JavaScript loaded into the host page, which Manifest
 * V3 forbids an extension to execute, and framing it would need the plugin to
 * serve a page, which such plugins do not. So Parley shows no UI for it.
 */
const hasModuleUi = (manifest: PluginManifest) => manifest.ui?.mode === 'module';

/** The UI Parley frames for a plugin: none for a module UI. */
export function framedUi(manifest: PluginManifest): PluginManifest['ui'] {
  return hasModuleUi(manifest) ? undefined : manifest.ui;
}

/**
 * Why Parley cannot run a valid manifest: a standalone plugin is nothing but
 * its UI, so without its module UI there is nothing left to install.
 */
export function unsupportedFeature(manifest: PluginManifest): 'module-ui' | undefined {
  return hasModuleUi(manifest) && manifest.type === 'standalone' ? 'module-ui' : undefined;
}

/** Plugins whose tools work but whose module UI Parley leaves out: the user is told so. */
export function omitsModuleUi(manifest: PluginManifest): boolean {
  return hasModuleUi(manifest) && manifest.type !== 'standalone';
}
