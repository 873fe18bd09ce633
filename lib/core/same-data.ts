/**
 * Whether two values of plain data (what JSON or IndexedDB hold) are the same: arrays item by item, objects key by
 * key in any order, a key set to undefined the same as one left out (a message between contexts drops it).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((key) => o[key] !== undefined);
  const xKeys = keys(x);
  return xKeys.length === keys(y).length && xKeys.every((key) => sameData(x[key], y[key]));
}
