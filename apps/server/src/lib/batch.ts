/** The row of each id, in the ids' order; null for ids with no row. */
export function byId<T extends { id: string }>(ids: readonly string[], rows: T[]): (T | null)[] {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
}

/** The rows of each id, in the rows' order (one pass, not a filter per id). */
export function grouped<T>(ids: readonly string[], rows: T[], key: (row: T) => string | null): T[][] {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return ids.map((id) => map.get(id) ?? []);
}
