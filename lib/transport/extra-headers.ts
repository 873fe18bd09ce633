import { fail } from '../core/errors';

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The `extraHeaders` secret: a JSON object of header names to values. Values
 * that could smuggle a second header (CR, LF, NUL) are refused outright.
 */
export function parseExtraHeaders(text: string | undefined): Record<string, string> {
  if (!text?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    fail('bad-request', 'Extra headers are not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    fail('bad-request', 'Extra headers must be a JSON object of header names to values.');
  }
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!HEADER_NAME.test(name)) fail('bad-request', `Not a valid header name: ${name}`);
    if (typeof value !== 'string' && typeof value !== 'number') fail('bad-request', `Header ${name} must be a string.`);
    if (/[\r\n\0]/.test(String(value))) fail('bad-request', `Header ${name} contains a line break.`);
    out[name] = String(value);
  }
  return out;
}
