import { sql, type InsertType, type RawBuilder, type SelectType, type UpdateType } from 'kysely';
import type { Column, Columns, TableOf } from './columns.js';

/*
 * One spelling per row: a table's columns are written once, in `modules/<area>/<area>.tables.ts`:
 * either as a declaration (`{ id: column<string>(), … }`, db/columns.ts) from which both its Kysely
 * interface (`TableOf`) and its mapper (`tableRowOf`) are derived, or as a Kysely interface whose
 * mapper (`tableRow`) lists the columns again, checked against it. The domain object is derived
 * from the table (`Camel<…>`), and the mapper reads a row — from a normal select or from a JSON
 * array — into it, and writes domain values back as the columns of an insert or update (`write`).
 */

/** `compare_at_price` → `compareAtPrice`, at the type level. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : S;

/** A row with snake_case keys as the object with camelCase keys that carries the same values. */
export type Camel<Row> = { [K in keyof Row & string as CamelKey<K>]: Row[K] };

/** `compare_at_price` → `compareAtPrice`. */
export function camelKey<S extends string>(column: S): CamelKey<S> {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelKey<S>;
}

/** The columns `C` of `Table` as a select reads them (`RowOf<Table, C>`). */
export type RowOf<Table, C extends keyof Table> = { [K in C]: SelectType<Table[K]> };

/** The columns of `Table` read as Dates (timestamptz). */
type DateColumns<Table> = {
  [K in keyof Table & string]-?: NonNullable<SelectType<Table[K]>> extends Date ? K : never;
}[keyof Table & string];

/**
 * The columns of `Table` holding JSON (`Json<T>` in db/columns.ts): written as text, read as
 * something that is neither a string nor a Date.
 */
export type JsonColumns<Table> = {
  [K in keyof Table & string]-?: string extends InsertType<Table[K]>
    ? NonNullable<SelectType<Table[K]>> extends string | Date
      ? never
      : K
    : never;
}[keyof Table & string];

/** What a write takes: any of the mapper's columns, under its domain (camelCase) name. */
export type WriteValues<Table, C extends keyof Table & string> = {
  [K in C as CamelKey<K>]?: SelectType<Table[K]> | UpdateType<Table[K]>;
};

/** The column among `C` that the domain key `K` names. */
type ColumnOf<C extends string, K> = { [Col in C]: CamelKey<Col> extends K ? Col : never }[C];

/**
 * The columns a write of `V` sets, each as required or optional as in `V` (so an insert of complete
 * values type-checks), JSON columns as their text.
 */
export type Written<Table, C extends keyof Table & string, V> = {
  [K in keyof V as ColumnOf<C, K>]: ColumnOf<C, K> extends JsonColumns<Table>
    ? string | Extract<V[K], null | undefined>
    : V[K];
};

/** Refuses keys of `V` that `W` does not have (a misspelt or foreign field). */
type NoExtra<V, W> = { [K in Exclude<keyof V, keyof W>]: never };

/**
 * Why a column list is refused, as a type that no array satisfies (so the message names the
 * columns): every column of the table must be listed or declared as omitted, and the JSON form tells
 * a timestamp from its name (`…_at`), so exactly the listed Date columns must end in `_at`.
 */
type Checked<Table, C extends readonly string[], Omitted extends string, Json extends string> = [
  Exclude<keyof Table & string, C[number] | Omitted>,
] extends [never]
  ? [Exclude<DateColumns<Table> & C[number], `${string}_at`>] extends [never]
    ? [Exclude<Extract<C[number], `${string}_at`>, DateColumns<Table>>] extends [never]
      ? [Exclude<JsonColumns<Table> & C[number], Json>] extends [never]
        ? C
        : {
            error: 'JSON columns not named in `json` (a write would send them unserialised)';
            columns: Exclude<JsonColumns<Table> & C[number], Json>;
          }
      : {
          error: 'columns named …_at that are not timestamps';
          columns: Exclude<Extract<C[number], `${string}_at`>, DateColumns<Table>>;
        }
    : {
        error: 'timestamp columns not named …_at';
        columns: Exclude<DateColumns<Table> & C[number], `${string}_at`>;
      }
  : {
      error: 'columns neither listed nor omitted';
      columns: Exclude<keyof Table & string, C[number] | Omitted>;
    };

/** Per-column fixes applied on every read (e.g. a `character(2)` column's padding trimmed). */
export type RowFixes<Table, C extends string> = {
  [K in C & keyof Table]?: (value: SelectType<Table[K]>) => SelectType<Table[K]>;
};

/** The JSON-array form of a table's row (see TableRow.json). */
export interface JsonRow<T> {
  /** The array's items, for a `json_build_array(…)` that may add more after them. */
  items: string;
  array: RawBuilder<unknown[]>;
  /** How many items are the row's own (anything added after them starts here). */
  length: number;
  /** The row read back from its array, through the same `of` as a normal read. */
  of: (a: readonly unknown[]) => T;
}

export interface TableRow<Table, C extends keyof Table & string> {
  /** The listed columns, in order, for `.select(row.columns)`. */
  readonly columns: readonly C[];
  /** The listed columns over a table alias, for `.select(row.columnsOf('v'))`. */
  readonly columnsOf: <A extends string>(alias: A) => readonly `${A}.${C}`[];
  /** The domain object of a row (any extra keys the row carries are ignored). */
  readonly of: (row: RowOf<Table, C>) => Camel<RowOf<Table, C>>;
  /**
   * The row as a JSON array of its columns over `alias`, in a fixed order (no key repeated per
   * row, timestamps as epoch milliseconds): one list serves the SQL and the reader.
   */
  readonly json: (alias: string) => JsonRow<Camel<RowOf<Table, C>>>;
  /** The mapper of some of these columns (same fixes), for a read that needs no more. */
  readonly pick: <const P extends readonly C[]>(columns: P) => TableRow<Table, P[number]>;
  /**
   * Domain values as the columns of an insert or update, in the mapper's column order: each
   * camelCase key becomes its snake_case column, a key left undefined is left out (the column's
   * default, or unchanged), a JSON column's object is sent as its text. A key that is no column of
   * the mapper is a type error (and is never written).
   */
  readonly write: <V extends WriteValues<Table, C>>(
    values: V & NoExtra<V, WriteValues<Table, C>>,
  ) => Written<Table, C, V>;
}

/**
 * The mapper of `Table`'s rows: `tableRow<VariantTable>()([...] as const)`, listing every column
 * (a column neither listed nor named in `omit` is a type error, so a column added to the table
 * interface must be placed here too). `omit` names the columns no domain object carries (search
 * text, …); `fix` the per-column corrections every read applies; `json` the listed JSON columns
 * (every one must be named: a write sends their values as text).
 */
export function tableRow<Table>() {
  return <
    const C extends readonly (keyof Table & string)[],
    const O extends readonly (keyof Table & string)[] = [],
    const J extends readonly (JsonColumns<Table> & C[number])[] = [],
  >(
    columns: C & Checked<Table, C, O[number], J[number]>,
    options: { omit?: O; fix?: RowFixes<Table, C[number]>; json?: J } = {},
  ): TableRow<Table, C[number]> =>
    makeRow<Table, C[number]>(columns, options.fix ?? {}, new Set<string>(options.json ?? []));
}

/** The columns of declaration `D` marked as JSON (`jsonColumn`). */
type JsonOf<D> = { [K in keyof D & string]-?: D[K] extends Column<unknown, true> ? K : never }[keyof D &
  string];

/** Nothing when declaration `D` less `O` passes `Checked` (its JSON columns declared with `jsonColumn`), else why not. */
type DeclarationChecked<D extends Columns, O extends string> =
  Checked<TableOf<D>, Exclude<keyof D & string, O>[], O, JsonOf<D>> extends infer R
    ? R extends readonly string[]
      ? unknown
      : R
    : never;

/**
 * The mapper of a declared table (`variantColumns` in catalog.tables.ts): its columns in
 * declaration order, less `omit` (columns no domain object carries), its JSON columns those declared
 * with `jsonColumn`, `fix` as in `tableRow`. A column added to the declaration is read and written
 * with no other edit.
 */
export function tableRowOf<const D extends Columns, const O extends readonly (keyof D & string)[] = []>(
  table: D & DeclarationChecked<D, O[number]>,
  options: { omit?: O; fix?: RowFixes<TableOf<D>, keyof D & string> } = {},
): TableRow<TableOf<D>, Exclude<keyof D & string, O[number]>> {
  type C = Exclude<keyof D & string, O[number]>;
  const omitted = new Set<string>(options.omit ?? []);
  const columns = Object.keys(table).filter((c): c is C => !omitted.has(c));
  const json = new Set(columns.filter((c) => table[c]!.json));
  return makeRow<TableOf<D>, C>(columns, options.fix ?? {}, json);
}

function makeRow<Table, C extends keyof Table & string>(
  columns: readonly C[],
  fixes: RowFixes<Table, C>,
  jsonColumns: ReadonlySet<string>,
): TableRow<Table, C> {
  type Out = Camel<RowOf<Table, C>>;
  const keys = columns.map((c) => camelKey(c));
  const fixOf = columns.map((c) => (fixes as Record<string, ((v: unknown) => unknown) | undefined>)[c]);
  const dates = columns.map((c) => c.endsWith('_at'));
  const of = (row: RowOf<Table, C>): Out => {
    const source = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const value = source[columns[i]!];
      const fix = fixOf[i];
      out[keys[i]!] = fix ? fix(value) : value;
    }
    return out as Out;
  };
  const json = (alias: string): JsonRow<Out> => {
    const items = columns
      .map((c, i) => (dates[i] ? `floor(extract(epoch from ${alias}.${c}) * 1000)` : `${alias}.${c}`))
      .join(', ');
    return {
      items,
      array: sql<unknown[]>`json_build_array(${sql.raw(items)})`,
      length: columns.length,
      of: (a) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < columns.length; i++) {
          const value = a[i];
          row[columns[i]!] = dates[i] && value !== null ? new Date(value as number) : value;
        }
        return of(row as RowOf<Table, C>);
      },
    };
  };
  const isJson = columns.map((c) => jsonColumns.has(c));
  const write = (values: object): Record<string, unknown> => {
    const source = values as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const value = source[keys[i]!];
      if (value === undefined) continue;
      out[columns[i]!] =
        isJson[i] && value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
    }
    return out;
  };
  return {
    columns,
    columnsOf: <A extends string>(alias: A) => columns.map((c) => `${alias}.${c}` as const),
    of,
    json,
    pick: (picked) => makeRow(picked, fixes, jsonColumns),
    write: write as TableRow<Table, C>['write'],
  };
}
