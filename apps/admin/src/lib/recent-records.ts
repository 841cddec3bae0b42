/** Records (orders, products, customers…) the person opened lately, kept in localStorage for the palette. */
export const RECENT_KEY = 'stockroom.recentRecords';
const MAX_RECENT = 8;

export interface RecentRecord {
  path: string;
  label: string;
  kind: string;
}

const KINDS: [RegExp, string][] = [
  [/^\/orders\/(?!.*\/)[^/]+$/, 'Order'],
  [/^\/drafts\/(?!new$)[^/]+$/, 'Draft'],
  [/^\/products\/(?!new$|bulk-edit$)[^/]+$/, 'Product'],
  [/^\/products\/[^/]+\/variants\/[^/]+$/, 'Variant'],
  [/^\/customers\/(?!new$)[^/]+$/, 'Customer'],
  [/^\/discounts\/(?!new$)[^/]+$/, 'Discount'],
  [/^\/collections\/(?!new$)[^/]+$/, 'Collection'],
  [/^\/settings\/staff\/[^/]+$/, 'Staff'],
];

/** What kind of record a path shows, or null for lists and other screens. */
export function recordKind(path: string): string | null {
  return KINDS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

export function parseRecent(raw: string | null): RecentRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is RecentRecord =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as RecentRecord).path === 'string' &&
        typeof (r as RecentRecord).label === 'string' &&
        typeof (r as RecentRecord).kind === 'string',
    );
  } catch {
    return [];
  }
}

/** The list with `record` first, once, at most MAX_RECENT long. */
export function withRecent(list: readonly RecentRecord[], record: RecentRecord): RecentRecord[] {
  return [record, ...list.filter((r) => r.path !== record.path)].slice(0, MAX_RECENT);
}

export function readRecent(): RecentRecord[] {
  try {
    return parseRecent(window.localStorage.getItem(RECENT_KEY));
  } catch {
    return [];
  }
}

export function rememberRecent(record: RecentRecord): void {
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(withRecent(readRecent(), record)));
  } catch {
    // Storage full or switched off: the palette then shows no recent records.
  }
}
