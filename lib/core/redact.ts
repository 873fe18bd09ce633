import { isChatError } from './errors';

/**
 * Keeps secrets out of what leaves the background: a provider that echoes the
 * key in its error body must not put it on screen, in storage or in an export.
 */

/** Shorter values (plugin settings such as "metric") are ordinary words, not secrets worth hiding. */
const MIN_SECRET_LENGTH = 8;
const REDACTED = '[redacted]';

/**
 * Every form in which a stored secret could be echoed: as stored, trimmed,
 * and, for JSON-valued fields (extra headers), each string value inside.
 * Longest first, so a secret containing another is replaced whole.
 */
export function secretNeedles(values: Iterable<string>): string[] {
  const out = new Set<string>();
  const add = (v: string) => {
    if (v.length >= MIN_SECRET_LENGTH) out.add(v);
    const trimmed = v.trim();
    if (trimmed.length >= MIN_SECRET_LENGTH) out.add(trimmed);
  };
  for (const value of values) {
    add(value);
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object') for (const inner of Object.values(parsed)) if (typeof inner === 'string') add(inner);
    } catch {
      // Not JSON: the value itself is the secret.
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of `value` with every needle in every string replaced. Only strings,
 * arrays and plain objects are walked; anything else (audio bytes, say) is
 * passed through as it is.
 */
export function redactSecrets<T>(value: T, needles: readonly string[]): T {
  if (!needles.length) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return needles.reduce((s, n) => (s.includes(n) ? s.split(n).join(REDACTED) : s), v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    return v;
  };
  return walk(value) as T;
}

/** Whether `value` holds a ChatError anywhere, so the vault is read only when there is something to redact. */
export function holdsChatError(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsChatError);
  if (!value || typeof value !== 'object' || !isPlainObject(value)) return false;
  return isChatError(value) || Object.values(value).some(holdsChatError);
}

/**
 * A copy of `value` with the needles redacted inside every ChatError it holds
 * (a failed request's error, a model list's per-provider error); other data,
 * such as a plugin's own saved settings shown back in its form, is left alone.
 */
export function redactChatErrors<T>(value: T, needles: readonly string[]): T {
  if (!needles.length) return value;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object' || !isPlainObject(v)) return v;
    if (isChatError(v)) return redactSecrets(v, needles);
    return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
  };
  return walk(value) as T;
}
