import DataLoader from 'dataloader';

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

/**
 * A DataLoader that also hands out the values primed into it at once, not as a promise: a page that
 * primed its rows' relations then resolves those fields without a promise each. A value counts only
 * when the prime took (DataLoader keeps a key it already holds), and clearing a key forgets it.
 */
export class PrimedLoader<K, V> extends DataLoader<K, V> {
  readonly #cache: Map<K, Promise<V>>;
  readonly #values = new Map<K, V>();

  constructor(batch: DataLoader.BatchLoadFn<K, V>) {
    const cache = new Map<K, Promise<V>>();
    super(batch, { cacheMap: cache });
    this.#cache = cache;
  }

  override prime(key: K, value: V | PromiseLike<V> | Error): this {
    if (!this.#cache.has(key) && !(value instanceof Error) && !isPromiseLike(value))
      this.#values.set(key, value);
    return super.prime(key, value);
  }

  override clear(key: K): this {
    this.#values.delete(key);
    return super.clear(key);
  }

  override clearAll(): this {
    this.#values.clear();
    return super.clearAll();
  }

  /** The primed value now, or the promise of loading it. */
  now(key: K): V | Promise<V> {
    return this.#values.has(key) ? (this.#values.get(key) as V) : this.load(key);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}
