/**
 * The background's view of plugins: installs and updates (each approved
 * against the origins the plugin contacts), settings sealed in the vault, and
 * views for the panel that never carry a setting's value. Only the background
 * imports this module, because it reads the vault.
 */
import { fail } from '../core/errors';
import type { ManifestPreview, PluginPreview, PluginUpdate, PluginView } from './views';
import { deleteSecrets, getSecrets, secretFieldsSet, setSecrets } from '../storage/secret-vault';
import type { FetchLike } from '../transport/secure-fetch';
import type { InstalledPlugin, PluginManifest, ToolApprovalMode } from '../core/plugins';
import { fetchPluginDocument } from './fetch-document';
import { MAX_INDEX_BYTES, parsePluginIndexText } from './index-format';
import { pluginSecretOwner } from './installed';
import type { ManifestIssue } from './manifest';
import { omitsModuleUi, pluginOrigins, unapprovedOrigins, unsupportedFeature } from './origins';
import {
  checkPluginSettings,
  decodeSettings,
  encodeSettings,
  missingSettings,
  settingFields,
  visibleSettings,
  withDefaults,
} from './settings-form';
import { deleteInstalledPlugin, getInstalledPlugin, listInstalledPlugins, putInstalledPlugin } from './plugin-records';
import { checkPluginUrl } from './url-rules';
import { validateManifest } from './validate-manifest';
import { loadManifest } from './load-manifest';
import type { BuiltinPlugin } from './runtime';

const DOCUMENT_TIMEOUT_MS = 15_000;
/** How long a removed plugin can be brought back (the panel offers undo for a few seconds). */
const RESTORE_WINDOW_MS = 60_000;

export interface PluginServiceDeps {
  builtins: readonly BuiltinPlugin[];
  fetch?: FetchLike;
  now?: () => number;
}

const describeIssues = (issues: readonly ManifestIssue[]) => issues.map((issue) => issue.message).join(' ');

function isIndexDocument(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { plugins?: unknown } | null;
    return typeof parsed === 'object' && parsed !== null && Array.isArray(parsed.plugins);
  } catch {
    return false;
  }
}

export function createPluginService(deps: PluginServiceDeps) {
  const now = deps.now ?? Date.now;
  const builtinIds = () => deps.builtins.map((b) => b.manifest.identifier);

  /** Removed plugins with their settings, kept a moment for undo; only in memory, as the settings are secrets. */
  const removed = new Map<string, { plugin: InstalledPlugin; secrets: Record<string, string>; timer: ReturnType<typeof setTimeout> }>();

  async function view(plugin: InstalledPlugin): Promise<PluginView> {
    const saved = await savedSettings(plugin.identifier);
    const missing = missingSettings(plugin.manifest.settings, saved);
    return {
      identifier: plugin.identifier,
      manifest: plugin.manifest,
      builtin: false,
      manifestUrl: plugin.manifestUrl,
      origins: plugin.origins,
      installedAt: plugin.installedAt,
      updatedAt: plugin.updatedAt,
      settingsSet: await secretFieldsSet(pluginSecretOwner(plugin.identifier)),
      settingValues: visibleSettings(plugin.manifest.settings, saved),
      missingSettings: missing,
      enabled: plugin.enabled !== false && !missing.length,
      approval: plugin.approval ?? 'ask',
      disabledTools: plugin.disabledTools ?? [],
    };
  }

  async function installedOrFail(identifier: string): Promise<InstalledPlugin> {
    const plugin = await getInstalledPlugin(identifier);
    if (!plugin) fail('not-found', `No plugin "${identifier}" is installed.`);
    return plugin;
  }

  function previewOf(manifestUrl: string, manifest: PluginManifest): ManifestPreview {
    const unsupported = unsupportedFeature(manifest);
    return {
      kind: 'manifest',
      manifestUrl,
      manifest,
      origins: pluginOrigins(manifest),
      ...(unsupported ? { unsupported } : {}),
      ...(omitsModuleUi(manifest) ? { omitted: 'module-ui' as const } : {}),
    };
  }

  async function savedSettings(identifier: string): Promise<Record<string, unknown>> {
    return decodeSettings(await getSecrets(pluginSecretOwner(identifier)));
  }

  return {
    async list(): Promise<PluginView[]> {
      const builtins: PluginView[] = deps.builtins.map((b) => ({
        identifier: b.manifest.identifier,
        manifest: b.manifest,
        builtin: true,
        origins: [],
        settingsSet: {},
        settingValues: {},
        missingSettings: [],
        enabled: true,
        approval: 'auto' as const,
        disabledTools: [],
      }));
      return [...builtins, ...(await Promise.all((await listInstalledPlugins()).map(view)))];
    },

    async preview(url: string): Promise<PluginPreview> {
      const fetched = await fetchPluginDocument(url.trim(), {
        fetch: deps.fetch,
        maxBytes: MAX_INDEX_BYTES,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
      });
      if (fetched.tooLarge) return { kind: 'invalid', url: fetched.url, issues: [fetched.tooLarge] };
      if (isIndexDocument(fetched.text)) {
        const parsed = parsePluginIndexText(fetched.text);
        if (!parsed.ok) return { kind: 'invalid', url: fetched.url, issues: parsed.errors };
        return { kind: 'index', indexUrl: fetched.url, entries: parsed.index.entries, skipped: parsed.index.skipped.length };
      }
      const installed = [...builtinIds(), ...(await listInstalledPlugins()).map((p) => p.identifier)];
      const parsed = await loadManifest(fetched.text, fetched.url, {
        fetch: deps.fetch,
        contentType: fetched.contentType,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
        installedIdentifiers: installed,
      });
      if (!parsed.ok) return { kind: 'invalid', url: fetched.url, issues: parsed.errors };
      return previewOf(fetched.url, parsed.manifest);
    },

    async install(req: { manifestUrl: string; manifest: PluginManifest; origins: string[]; replace?: boolean }): Promise<PluginView> {
      const urlIssue = checkPluginUrl(req.manifestUrl, 'manifestUrl', 'endpoint');
      if (urlIssue) fail('invalid-url', urlIssue.message);
      const existing = await getInstalledPlugin(req.manifest.identifier);
      if (req.replace && !existing) fail('not-found', `No plugin "${req.manifest.identifier}" is installed.`);
      const taken = [...builtinIds(), ...(existing && !req.replace ? [existing.identifier] : [])];
      const checked = validateManifest(req.manifest, { installedIdentifiers: taken });
      if (!checked.ok) fail('bad-request', describeIssues(checked.errors));
      const { manifest } = checked;
      if (unsupportedFeature(manifest))
        fail('unsupported', `Plugin "${manifest.identifier}" is only a module UI: remote script that an extension may not run.`);
      const origins = pluginOrigins(manifest);
      const unapproved = unapprovedOrigins(origins, req.origins);
      if (unapproved.length) fail('forbidden', `The user has not approved ${unapproved.join(', ')} for plugin "${manifest.identifier}".`);
      const time = now();
      const plugin: InstalledPlugin = {
        identifier: manifest.identifier,
        manifest,
        manifestUrl: req.manifestUrl,
        origins,
        installedAt: existing?.installedAt ?? time,
        updatedAt: time,
        ...(existing?.enabled === false ? { enabled: false } : {}),
        ...(existing?.disabledTools ? { disabledTools: existing.disabledTools } : {}),
      };
      await putInstalledPlugin(plugin);
      return view(plugin);
    },

    async update(identifier: string): Promise<PluginUpdate> {
      const current = await installedOrFail(identifier);
      const fetched = await fetchPluginDocument(current.manifestUrl, {
        fetch: deps.fetch,
        maxBytes: MAX_INDEX_BYTES,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
      });
      if (fetched.tooLarge) return { kind: 'invalid', issues: [fetched.tooLarge] };
      const parsed = await loadManifest(fetched.text, fetched.url, {
        fetch: deps.fetch,
        contentType: fetched.contentType,
        timeoutMs: DOCUMENT_TIMEOUT_MS,
      });
      if (!parsed.ok) return { kind: 'invalid', issues: parsed.errors };
      const { manifest } = parsed;
      if (manifest.identifier !== identifier) {
        fail('conflict', `The manifest at ${current.manifestUrl} now describes "${manifest.identifier}", not "${identifier}".`);
      }
      const preview = previewOf(current.manifestUrl, manifest);
      if (preview.unsupported || unapprovedOrigins(preview.origins, current.origins).length) return { kind: 'approve', preview };
      const plugin: InstalledPlugin = { ...current, manifest, origins: preview.origins, updatedAt: now() };
      await putInstalledPlugin(plugin);
      return { kind: 'updated', view: await view(plugin) };
    },

    async remove(identifier: string): Promise<void> {
      const plugin = await installedOrFail(identifier);
      const secrets = await getSecrets(pluginSecretOwner(identifier));
      await deleteInstalledPlugin(identifier);
      await deleteSecrets(pluginSecretOwner(identifier));
      clearTimeout(removed.get(identifier)?.timer);
      removed.set(identifier, { plugin, secrets, timer: setTimeout(() => removed.delete(identifier), RESTORE_WINDOW_MS) });
    },

    async restore(identifier: string): Promise<PluginView> {
      const kept = removed.get(identifier);
      if (!kept) fail('not-found', `Plugin "${identifier}" was not removed moments ago.`);
      if (await getInstalledPlugin(identifier)) fail('conflict', `Plugin "${identifier}" is installed again.`);
      clearTimeout(kept.timer);
      removed.delete(identifier);
      await putInstalledPlugin(kept.plugin);
      if (Object.keys(kept.secrets).length) await setSecrets(pluginSecretOwner(identifier), kept.secrets);
      return view(kept.plugin);
    },

    async setEnabled(identifier: string, enabled: boolean): Promise<PluginView> {
      const current = await installedOrFail(identifier);
      if (enabled) {
        const missing = missingSettings(current.manifest.settings, await savedSettings(identifier));
        if (missing.length) fail('credential-missing', `Plugin "${identifier}" needs its settings first: ${missing.join(', ')}.`);
      }
      const plugin: InstalledPlugin = { ...current, enabled };
      await putInstalledPlugin(plugin);
      return view(plugin);
    },

    /**
     * Settings the schema does not declare are dropped; the rest must satisfy
     * it as a whole, defaults included. `clear` with no values forgets them all.
     */
    async saveSettings(identifier: string, values: Record<string, unknown>, clear = false): Promise<PluginView> {
      const plugin = await installedOrFail(identifier);
      if (clear && !Object.keys(values).length) {
        await deleteSecrets(pluginSecretOwner(identifier));
        return view(plugin);
      }
      const schema = plugin.manifest.settings;
      const declared = new Set(settingFields(schema).map((field) => field.key));
      const typed = Object.fromEntries(Object.entries(values).filter(([key, value]) => declared.has(key) && value !== undefined));
      const merged = { ...(clear ? {} : await savedSettings(identifier)), ...typed };
      const check = checkPluginSettings(schema, withDefaults(schema, merged));
      if (!check.ok) {
        fail(
          'bad-request',
          `Invalid plugin settings. ${check.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join(' ')}`,
        );
      }
      if (clear) await deleteSecrets(pluginSecretOwner(identifier));
      await setSecrets(pluginSecretOwner(identifier), encodeSettings(typed));
      return view(plugin);
    },

    /** Which of the plugin's APIs stay off; names it does not have are dropped. */
    async setDisabledTools(identifier: string, names: readonly string[]): Promise<PluginView> {
      const current = await installedOrFail(identifier);
      const off = new Set(names);
      const plugin: InstalledPlugin = { ...current, disabledTools: current.manifest.api.map((api) => api.name).filter((n) => off.has(n)) };
      await putInstalledPlugin(plugin);
      return view(plugin);
    },

    async setApproval(identifier: string, approval: ToolApprovalMode): Promise<PluginView> {
      const plugin: InstalledPlugin = { ...(await installedOrFail(identifier)), approval };
      await putInstalledPlugin(plugin);
      return view(plugin);
    },

    /** One plugin's settings with the schema's defaults, for that plugin's own calls and UI. */
    async settings(identifier: string): Promise<Record<string, unknown>> {
      const plugin = await getInstalledPlugin(identifier);
      if (!plugin) return {};
      return withDefaults(plugin.manifest.settings, await savedSettings(identifier));
    },

    /** Only what the user saved: the runtime applies defaults and checks the whole. */
    savedSettings,
  };
}

export type PluginService = ReturnType<typeof createPluginService>;
