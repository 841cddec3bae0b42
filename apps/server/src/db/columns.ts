import type { ColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string (or left to its default). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column of shape T. */
export type Json<T> = ColumnType<T, T | string, T | string>;

export interface AddressJson {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  phone?: string | null;
}

declare const columnType: unique symbol;

/**
 * One column of a table declared as a value (`modules/<area>/<area>.tables.ts`), so that one object
 * gives both the Kysely interface (`TableOf`) and the mapper's column list (`tableRowOf`, db/row.ts).
 * `T` is its Kysely type, carried by the type only; `json` marks a jsonb column (written as text).
 */
export interface Column<T, J extends boolean = boolean> {
  readonly json: J;
  readonly [columnType]: T;
}

/** A table's columns in order, each with its type: `{ id: column<string>(), … }`. */
export type Columns = Record<string, Column<unknown>>;

/** A column of Kysely type `T` (`column<string | null>()`, `column<Timestamp>()`, `column<Generated<number>>()`). */
export const column = <T>(): Column<T, false> => ({ json: false }) as Column<T, false>;

/** A jsonb column of shape `T`. */
export const jsonColumn = <T>(): Column<Json<T>, true> => ({ json: true }) as Column<Json<T>, true>;

/** The Kysely interface of a declared table. */
export type TableOf<D extends Columns> = { [K in keyof D]: D[K] extends Column<infer T> ? T : never };
