import { sql } from 'kysely';

/*
 * Each related row travels as a JSON array of its columns in a fixed order (no key repeated per
 * row, timestamps as epoch milliseconds), read back by the matching function below: the whole row,
 * so the objects primed from it are the ones a loader would read.
 */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)`;
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A table's row as a JSON array: `columns` (space-separated, in the order they travel) over
 * `alias`, the SQL that builds the array's items, and `of`, which reads one back into the domain
 * object (each column under its camelCase name; `…_at` columns as Dates, or null). One list serves both, so
 * the SQL and the reader cannot disagree on the order.
 */
export function jsonRow<T>(alias: string, columns: string) {
  const names = columns.split(/\s+/).filter(Boolean);
  const fields = names.map((c) => ({ key: camel(c), date: c.endsWith('_at') }));
  const items = names.map((c) => (c.endsWith('_at') ? ms(`${alias}.${c}`) : `${alias}.${c}`)).join(', ');
  return {
    /** The array's items, for a `json_build_array(…)` that may add more after them. */
    items,
    array: sql.raw(`json_build_array(${items})`),
    /** How many items are the row's own (anything added after them starts here). */
    length: names.length,
    of: (a: readonly unknown[]): T => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const { key, date } = fields[i]!;
        const value = a[i];
        row[key] = date && value !== null ? new Date(value as number) : value;
      }
      return row as T;
    },
  };
}
