import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/types.js';
import { GraphQLError } from 'graphql';

/** SPEC §7.2 / §9: default 50, at most 250; counts stop at 10,000. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 250;
export const COUNT_LIMIT = 10_000;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface SortKey<Row> {
  /** SQL expression sorted on; a trusted constant, never user input. */
  expression: string;
  /** Postgres type to cast cursor values to (matches `expression`). */
  cast: 'timestamptz' | 'text' | 'bigint' | 'integer';
  value: (row: Row) => string | number | Date | null;
  /** The id column of the row, e.g. `p.id`. */
  idColumn: string;
}

export interface Page<Row> {
  rows: Row[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  cursor: (row: Row) => string;
}

function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });
}

function encodeCursor(value: unknown, id: string): string {
  return Buffer.from(JSON.stringify([value instanceof Date ? value.toISOString() : value, id])).toString('base64url');
}

function decodeCursor(cursor: string): [string | number | null, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string' && /^[0-9a-f-]{36}$/.test(parsed[1])) {
      return parsed as [string | number | null, string];
    }
  } catch {
    // fall through
  }
  throw badRequest('This page cursor is not valid; start again from the first page.');
}

/**
 * Keyset pagination on (sort key, id): the page after or before a cursor, never OFFSET, so deep
 * pages cost what the first does. `reverse` flips the sort key's natural direction.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  sort: SortKey<Row>,
  descending: boolean,
  args: PageArgs,
): Promise<Page<Row>> {
  if (args.first != null && args.last != null) throw badRequest('Pass either first or last, not both.');
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE) {
    throw badRequest(`Ask for 0 to ${MAX_PAGE_SIZE} items at a time.`);
  }
  const cursorText = backward ? args.before : args.after;
  const expr = sql.raw(sort.expression);
  const id = sql.raw(sort.idColumn);
  // Walking backward reads in the opposite order, then flips the page.
  const readDescending = backward ? !descending : descending;
  let q = query;
  if (cursorText) {
    const [value, cursorId] = decodeCursor(cursorText);
    const typed: RawBuilder<unknown> =
      value === null ? sql`null` : sql`cast(${value} as ${sql.raw(sort.cast)})`;
    const cmp = sql.raw(readDescending ? '<' : '>');
    q = q.where(sql<boolean>`(${expr}, ${id}) ${cmp} (${typed}, ${cursorId}::uuid)`);
  }
  const dir = sql.raw(readDescending ? 'desc' : 'asc');
  const rows = await q
    .orderBy(sql`${expr} ${dir}`)
    .orderBy(sql`${id} ${dir}`)
    .limit(size + 1)
    .execute();
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (backward) page.reverse();
  return {
    rows: page,
    hasNextPage: backward ? Boolean(args.before) : more,
    hasPreviousPage: backward ? more : Boolean(args.after),
    cursor: (row) => encodeCursor(sort.value(row), row.id),
  };
}

export interface Count {
  value: number;
  precision: 'EXACT' | 'AT_LEAST';
}

/** Counts the rows of a filtered query, stopping at COUNT_LIMIT so a count never makes a list slow. */
export async function cappedCount<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<QDB, TB, O>,
): Promise<Count> {
  const limited = query.clearSelect().clearOrderBy().select(sql`1`.as('one')).limit(COUNT_LIMIT + 1);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${limited}) as limited`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return n > COUNT_LIMIT ? { value: COUNT_LIMIT, precision: 'AT_LEAST' } : { value: n, precision: 'EXACT' };
}
