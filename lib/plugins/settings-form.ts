import { parseToolArguments, type ArgumentIssue } from './arguments';
import type { PluginParameters } from '../core/plugins';

export type SettingKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

/** One field of the form generated from a manifest's settings schema. */
export interface SettingField {
  key: string;
  kind: SettingKind;
  /** The schema's title, when it gives one; the key otherwise is the label. */
  title?: string;
  description?: string;
  required: boolean;
  /** Shown masked and never sent back to the panel: the schema says password or write-only, or the name says key or token. */
  secret: boolean;
  /** For `enum`: the allowed values, as the schema lists them. */
  options?: unknown[];
  defaultValue?: unknown;
}

interface PropertySchema {
  type?: unknown;
  enum?: unknown;
  title?: unknown;
  description?: unknown;
  default?: unknown;
  format?: unknown;
  writeOnly?: unknown;
}

/** Many manifests leave their API key unmarked; a name like this is kept sealed anyway. */
const SECRET_NAME = /(api[-_ ]?key|token|secret|password|passwd|credential)/i;

function isSecret(key: string, property: PropertySchema): boolean {
  if (property.format === 'password' || property.writeOnly === true) return true;
  return SECRET_NAME.test(key) || (typeof property.title === 'string' && SECRET_NAME.test(property.title));
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

function kindOf(property: PropertySchema): SettingKind {
  if (Array.isArray(property.enum) && property.enum.length > 0) return 'enum';
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  // Objects and arrays are rare in settings; they are typed as JSON rather than refused.
  return 'json';
}

export function settingFields(schema: PluginParameters | undefined): SettingField[] {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([key, raw]) => {
    const property = (raw && typeof raw === 'object' ? raw : {}) as PropertySchema;
    const kind = kindOf(property);
    return {
      key,
      kind,
      title: text(property.title),
      description: text(property.description),
      required: required.has(key),
      secret: isSecret(key, property),
      ...(kind === 'enum' ? { options: property.enum as unknown[] } : {}),
      ...(property.default !== undefined ? { defaultValue: property.default } : {}),
    };
  });
}

/** `problem` names what the input failed to be; the form localises it. */
export type ParsedSetting = { ok: true; value: unknown } | { ok: false; problem: Exclude<SettingKind, 'string'> };

/** Turns what was typed into a field into the value the schema expects. */
export function parseSettingInput(field: SettingField, input: string): ParsedSetting {
  switch (field.kind) {
    case 'string':
      return { ok: true, value: input };
    case 'number':
    case 'integer': {
      const n = Number(input.trim());
      if (!input.trim() || !Number.isFinite(n) || (field.kind === 'integer' && !Number.isInteger(n)))
        return { ok: false, problem: field.kind };
      return { ok: true, value: n };
    }
    case 'boolean':
      if (input === 'true' || input === 'false') return { ok: true, value: input === 'true' };
      return { ok: false, problem: 'boolean' };
    case 'enum': {
      const match = field.options?.find((option) => String(option) === input);
      return match === undefined ? { ok: false, problem: 'enum' } : { ok: true, value: match };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(input) as unknown };
      } catch {
        return { ok: false, problem: 'json' };
      }
  }
}

/**
 * Whether one typed value meets its property's own rules (minimum, pattern,
 * length...), checked with the validator the background uses, so the form can
 * say so next to the field instead of a refusal in validator terms.
 */
export function meetsSettingRules(schema: PluginParameters, key: string, value: unknown): boolean {
  const property: unknown = schema.properties[key];
  if (!property || typeof property !== 'object') return true;
  return parseToolArguments(JSON.stringify({ [key]: value }), { type: 'object', properties: { [key]: property } }).ok;
}

/** Required settings with neither a saved value nor a default: until they are filled, the plugin cannot be enabled. */
export function missingSettings(schema: PluginParameters | undefined, saved: Readonly<Record<string, unknown>>): string[] {
  return settingFields(schema)
    .filter((field) => field.required && field.defaultValue === undefined && saved[field.key] === undefined)
    .map((field) => field.key);
}

/** The saved values a panel may show: every setting not kept secret. */
export function visibleSettings(schema: PluginParameters | undefined, saved: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    settingFields(schema).flatMap((field) => (field.secret || saved[field.key] === undefined ? [] : [[field.key, saved[field.key]]])),
  );
}

/** Schema defaults under what the user saved: what the plugin receives. */
export function withDefaults(schema: PluginParameters | undefined, saved: Record<string, unknown>): Record<string, unknown> {
  const defaults = Object.fromEntries(
    settingFields(schema).flatMap((field) => (field.defaultValue === undefined ? [] : [[field.key, field.defaultValue]])),
  );
  return { ...defaults, ...saved };
}

export type SettingsCheck = { ok: true; settings: Record<string, unknown> } | { ok: false; issues: ArgumentIssue[] };

/**
 * Validates complete settings against the manifest's schema with the same
 * runtime validator as tool arguments (no generated code, so it runs under the
 * extension's content security policy).
 */
export function checkPluginSettings(schema: PluginParameters | undefined, settings: Record<string, unknown>): SettingsCheck {
  if (!schema) return { ok: true, settings: {} };
  const result = parseToolArguments(JSON.stringify(settings), schema);
  return result.ok ? { ok: true, settings: result.args } : { ok: false, issues: result.issues };
}

/** Vault fields hold strings: each setting is kept as JSON, so numbers and booleans come back typed. */
export function encodeSettings(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)]));
}

export function decodeSettings(fields: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, text]) => {
      try {
        return [key, JSON.parse(text) as unknown];
      } catch {
        return [key, text];
      }
    }),
  );
}
