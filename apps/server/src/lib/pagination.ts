import { DomainError, type UserError, type UserErrorCode } from '@stockroom/domain';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/types.js';

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

export type SortCast = 'timestamptz' | 'text' | 'bigint' | 'integer';

export interface SortKey {
  /** SQL expression sorted on; a trusted constant, never user input. */
  expression: string;
  /** Postgres type of `expression`; a cursor's value must be one. */
  cast: SortCast;
  /** The id column of the row, e.g. `p.id`. */
  idColumn: string;
  /**
   * Whether `expression` can be null (a product without variants has no price). Rows without a
   * value then come last, either way round; it costs one more statement at the end of the list.
   */
  nullable?: boolean;
}

export interface Page<Row> {
  rows: Row[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  cursor: (row: Row) => string;
}

const INVALID_CURSOR = 'This page cursor is not valid; start again from the first page.';
/** The column that carries each row's sort value, as text, from SQL to its cursor. */
const CURSOR_COLUMN = 'keyset_cursor_value';
const MAX_CURSOR_LENGTH = 20_000;

/**
 * Page arguments the caller got wrong: a DomainError like any rule a query's argument breaks, which
 * the API edge (app/yoga.ts) answers as a top-level BAD_REQUEST error with this message.
 */
function badRequest(
  message: string,
  field: string[] | null = null,
  code: UserErrorCode = 'INVALID',
): DomainError {
  return DomainError.one(code, message, field);
}

/**
 * The sort value as text, exactly: a JavaScript Date keeps milliseconds where PostgreSQL keeps
 * microseconds, and JavaScript lower-cases some letters differently, so a value rebuilt in
 * JavaScript can fall between rows and skip them.
 */
function cursorText(sort: SortKey): RawBuilder<string | null> {
  const expr = sql.raw(sort.expression);
  return sort.cast === 'timestamptz'
    ? sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`(${expr})::text`;
}

function encodeCursor(value: string | null, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?Z$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const RANGES: Record<'bigint' | 'integer', [bigint, bigint]> = {
  bigint: [-(2n ** 63n), 2n ** 63n - 1n],
  integer: [-(2n ** 31n), 2n ** 31n - 1n],
};

function validTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/**
 * A cursor value checked against the sort key's type, so a forged one is refused here with plain
 * words rather than failing as a bad cast in SQL. Cursors of the earlier format (milliseconds,
 * numbers as JSON numbers) still pass. `undefined` means not valid.
 */
function checkedValue(cast: SortCast, value: unknown): string | null | undefined {
  if (value === null) return null;
  if (cast === 'bigint' || cast === 'integer') {
    let n: bigint;
    if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
    else if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) n = BigInt(value);
    else return undefined;
    const [min, max] = RANGES[cast];
    return n >= min && n <= max ? n.toString() : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (cast === 'timestamptz') return validTimestamp(value) ? value : undefined;
  // PostgreSQL text holds no NUL, and a lone surrogate is not text.
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value) ? value : undefined;
}

function decodeCursor(cursor: string, sort: SortKey): { value: string | null; id: string } {
  if (cursor.length <= MAX_CURSOR_LENGTH) {
    try {
      const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (
        Array.isArray(parsed) &&
        parsed.length === 2 &&
        typeof parsed[1] === 'string' &&
        UUID.test(parsed[1])
      ) {
        const value = checkedValue(sort.cast, parsed[0]);
        if (value !== undefined && (value !== null || sort.nullable)) return { value, id: parsed[1] };
      }
    } catch {
      // not base64 of JSON: the same answer as any other bad cursor
    }
  }
  throw badRequest(INVALID_CURSOR);
}

/** One part of a page's reading order: the rows it takes, read in one direction. */
interface Segment {
  where: RawBuilder<boolean> | null;
  descending: boolean;
}

/**
 * Where a page reads, in order. Without nulls: (value, id) past the cursor. With nulls, the list
 * is the rows with a value by (value, id), then those without by id; reading backward walks it
 * from the other end. Each part is its own index-friendly condition, so a deep page costs what the
 * first does.
 */
function segments(
  sort: SortKey,
  descending: boolean,
  backward: boolean,
  cursor: { value: string | null; id: string } | null,
): Segment[] {
  const expr = sql.raw(sort.expression);
  const id = sql.raw(sort.idColumn);
  const readDescending = backward ? !descending : descending;
  const cmp = sql.raw(readDescending ? '<' : '>');
  const part = (where: RawBuilder<boolean> | null): Segment => ({ where, descending: readDescending });
  // A row comparison with a null value is null: this part holds only rows with a value.
  const pastValue = (value: string, cursorId: string) =>
    part(sql<boolean>`(${expr}, ${id}) ${cmp} (cast(${value} as ${sql.raw(sort.cast)}), ${cursorId}::uuid)`);
  if (!sort.nullable) return [cursor ? pastValue(cursor.value!, cursor.id) : part(null)];
  const valued = part(sql<boolean>`${expr} is not null`);
  const unvalued = part(sql<boolean>`${expr} is null`);
  if (!cursor) return backward ? [unvalued, valued] : [valued, unvalued];
  if (cursor.value === null) {
    const pastId = part(sql<boolean>`${expr} is null and ${id} ${cmp} ${cursor.id}::uuid`);
    return backward ? [pastId, valued] : [pastId];
  }
  const past = pastValue(cursor.value, cursor.id);
  return backward ? [past] : [past, unvalued];
}

/**
 * Keyset pagination on (sort key, id): the page after or before a cursor, never OFFSET, so deep
 * pages cost what the first does. `reverse` flips the sort key's natural direction. A cursor carries
 * the sort value as PostgreSQL has it, so rows that tie on it (one bulk edit stamps hundreds with
 * the same now()) are each visited exactly once.
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  sort: SortKey,
  descending: boolean,
  args: PageArgs,
): Promise<Page<Row>> {
  if (args.first != null && args.last != null)
    throw badRequest('Pass either first or last, not both.', ['last']);
  const backward = args.last != null || (args.before != null && args.first == null);
  const size = (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE) {
    throw badRequest(
      `Ask for 0 to ${MAX_PAGE_SIZE} items at a time.`,
      [backward ? 'last' : 'first'],
      'OUT_OF_RANGE',
    );
  }
  const given = backward ? args.before : args.after;
  const cursor = given ? decodeCursor(given, sort) : null;
  const withCursor = query.select(cursorText(sort).as(CURSOR_COLUMN)) as unknown as SelectQueryBuilder<
    DB,
    TB,
    Row & { [CURSOR_COLUMN]: string | null }
  >;
  const expr = sql.raw(sort.expression);
  const id = sql.raw(sort.idColumn);

  const read: (Row & { [CURSOR_COLUMN]: string | null })[] = [];
  for (const part of segments(sort, descending, backward, cursor)) {
    if (read.length > size) break;
    const dir = sql.raw(part.descending ? 'desc' : 'asc');
    const rows = await (part.where ? withCursor.where(part.where) : withCursor)
      .orderBy(sql`${expr} ${dir}`)
      .orderBy(sql`${id} ${dir}`)
      .limit(size + 1 - read.length)
      .execute();
    read.push(...rows);
  }
  const more = read.length > size;
  // Each row's sort value; its cursor is encoded only if asked for (a list screen asks for the
  // last one only).
  const values = new Map<string, string | null>();
  const page = read.slice(0, size).map((row) => {
    const { [CURSOR_COLUMN]: value, ...rest } = row;
    values.set(row.id, value);
    return rest as unknown as Row;
  });
  if (backward) page.reverse();
  return {
    rows: page,
    hasNextPage: backward ? Boolean(args.before) : more,
    hasPreviousPage: backward ? more : Boolean(args.after),
    cursor: (row) => {
      if (!values.has(row.id))
        throw new Error(`keysetPage: no cursor for a row not on this page (${row.id})`);
      return encodeCursor(values.get(row.id)!, row.id);
    },
  };
}

export interface Count {
  value: number;
  precision: 'EXACT' | 'AT_LEAST';
}

/**
 * Counts the rows of a filtered query, stopping at COUNT_LIMIT so a count never makes a list slow;
 * `cap: null` counts them all (a background export's progress total).
 */
export async function cappedCount<QDB, TB extends keyof QDB, O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<QDB, TB, O>,
  cap: number | null = COUNT_LIMIT,
): Promise<Count> {
  const all = query
    .clearSelect()
    .clearOrderBy()
    .select(sql`1`.as('one'));
  const limited = cap === null ? all : all.limit(cap + 1);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${limited}) as limited`.execute(
    db,
  );
  const n = Number(rows[0]?.n ?? 0);
  return cap !== null && n > cap ? { value: cap, precision: 'AT_LEAST' } : { value: n, precision: 'EXACT' };
}

/**
 * A list ready to read: the page and the count are separate so the caller runs the count only when
 * asked for it (and beside the page, not after it); or why its search could not run.
 */
export interface List<Row, P extends Page<Row> = Page<Row>> {
  page: () => Promise<P>;
  count: () => Promise<Count>;
}
export type ListResult<Row, P extends Page<Row> = Page<Row>> = List<Row, P> | { errors: UserError[] };

/**
 * One way a list can be sorted, declared once: its expression (with its index), type, natural
 * direction, and what its GraphQL sort-key enum value says (the schema builds the enum from the
 * list's table of these, see sortKeysEnum).
 */
export interface SortChoice {
  expression: string;
  cast: SortCast;
  /** The key's natural order, largest first; `reverse` flips it. */
  descending: boolean;
  nullable?: boolean;
  /** The enum value's description in the schema. */
  description?: string;
}

/** A keyset page of `query` by one of a list's sorts, either way round. */
export function sortedPage<DB, TB extends keyof DB, Row extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  sort: SortChoice,
  idColumn: string,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<Row>> {
  return keysetPage(
    query,
    { expression: sort.expression, cast: sort.cast, nullable: sort.nullable ?? false, idColumn },
    sort.descending !== reverse,
    args,
  );
}

/** The same page with each row mapped (rows to domain objects at the repository edge); cursors stay by id. */
export function mapPage<Row extends { id: string }, T extends { id: string }>(
  page: Page<Row>,
  map: (row: Row) => T,
): Page<T> {
  const rows = page.rows.map(map);
  const byId = new Map(page.rows.map((row) => [row.id, row]));
  return {
    rows,
    hasNextPage: page.hasNextPage,
    hasPreviousPage: page.hasPreviousPage,
    cursor: (item) => page.cursor(byId.get(item.id) ?? (item as unknown as Row)),
  };
}
