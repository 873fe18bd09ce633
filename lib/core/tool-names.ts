/** The longest tool name every provider takes. */
export const MAX_TOOL_NAME = 64;

/** OpenAI and Bedrock allow [a-zA-Z0-9_-]{1,64}; Gemini also wants a letter or underscore first. */
export const VALID_TOOL_NAME = /^[A-Za-z_][\w-]{0,63}$/;

/** FNV-1a, for shortening a tool name that does not fit: tiny and stable; a clash is caught by the callers' uniqueness checks. */
export function toolNameHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
