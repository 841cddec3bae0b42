/**
 * Words that mean the same thing in a command: typing any one finds commands spelled with another
 * ("new product" finds "Create product"). One group a line; add a word to its group.
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ['new', 'add', 'create', 'make'],
  ['remove', 'delete'],
  ['find', 'search', 'look'],
  ['settings', 'preferences', 'options', 'configuration'],
  ['stock', 'inventory'],
  ['order', 'orders', 'sale', 'sales'],
  ['product', 'products', 'item', 'items'],
  ['customer', 'customers', 'client', 'clients', 'buyer'],
  ['discount', 'discounts', 'coupon', 'coupons', 'promo', 'code'],
  ['staff', 'team', 'people', 'employees', 'members'],
  ['go', 'open', 'show', 'view'],
  ['dark', 'night', 'theme', 'light'],
  ['sign', 'log'],
  ['draft', 'drafts', 'quote'],
  ['token', 'tokens', 'key', 'keys', 'api'],
  ['invite', 'hire'],
  ['audit', 'log', 'history'],
  ['location', 'locations', 'warehouse', 'warehouses'],
  ['tax', 'taxes', 'vat'],
  ['shipping', 'delivery', 'rates', 'zones'],
];

const GROUPS = new Map<string, Set<string>>();
for (const group of SYNONYMS) {
  for (const word of group) {
    const same = GROUPS.get(word) ?? new Set<string>();
    for (const other of group) same.add(other);
    GROUPS.set(word, same);
  }
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}#]+/u)
    .filter(Boolean);
}

/**
 * How well a command's text answers what was typed: null when some typed word finds nothing,
 * else higher for words found as typed than through a synonym. Every typed word must start a
 * word of the command (in any order), itself or as one of its synonyms.
 */
export function commandScore(text: string, query: string): number | null {
  const typed = wordsOf(query);
  if (typed.length === 0) return 0;
  const words = wordsOf(text);
  let score = 0;
  for (const t of typed) {
    if (words.some((w) => w.startsWith(t))) {
      score += 2;
      continue;
    }
    const same = GROUPS.get(t);
    if (same && words.some((w) => same.has(w))) {
      score += 1;
      continue;
    }
    return null;
  }
  return score;
}

/** The entries that answer the query, best first (the given order among equals). */
export function matchByWords<T>(entries: readonly T[], query: string, textOf: (entry: T) => string): T[] {
  if (!query.trim()) return [...entries];
  return entries
    .map((entry, index) => ({ entry, index, score: commandScore(textOf(entry), query) }))
    .filter((m): m is { entry: T; index: number; score: number } => m.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((m) => m.entry);
}
