/**
 * The `X-Lobe-Plugin-Settings` header, compatible with @lobehub/chat-plugin-sdk:
 * its createHeadersWithPluginSettings sends a string as given and anything else
 * as JSON; its getPluginSettingsFromRequest JSON.parses the value and falls back
 * to the raw string.
 *
 * A header value can carry neither CR/LF/NUL (request splitting, or fetch
 * throwing) nor text outside Latin-1 (fetch throws), and servers disagree on
 * bytes above 0x7E. So every value is kept to printable ASCII: JSON gets \u
 * escapes, which the plugin's JSON.parse reverses, and a string that cannot go
 * verbatim is sent as a JSON string literal, which JSON.parse turns back into
 * exactly that string.
 */

export const PLUGIN_SETTINGS_HEADER = 'X-Lobe-Plugin-Settings';

/** Printable ASCII without leading/trailing spaces, which header parsing would trim away. */
const VERBATIM = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

function asciiJson(value: unknown): string | undefined {
  return JSON.stringify(value)?.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The header value for a plugin's settings, or undefined when there is nothing to send. */
export function encodePluginSettings(settings: unknown): string | undefined {
  if (settings === undefined || settings === null) return undefined;
  if (typeof settings === 'string' && VERBATIM.test(settings)) return settings;
  return asciiJson(settings);
}

/** What a plugin built on chat-plugin-sdk reads from the header. */
export function decodePluginSettings(value: string | null | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
