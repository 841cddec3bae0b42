// Whether the raw baseline's JSON is GraphQL's `data`: equal values, keys in any order.

/** The first path where a and b differ, or null when they are the same. */
export function firstDifference(a, b, at = '') {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${at || '.'}: ${JSON.stringify(a)?.slice(0, 120)} ≠ ${JSON.stringify(b)?.slice(0, 120)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  if (Array.isArray(a) && a.length !== b.length) return `${at}: ${a.length} items ≠ ${b.length}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference(a[k], b[k], `${at}.${k}`);
    if (d) return d;
  }
  return null;
}
