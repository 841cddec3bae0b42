import { sql, type RawBuilder } from 'kysely';
import {
  checkSearch,
  DAY_COMPARISONS,
  parseSearch,
  SearchSyntaxError,
  type CheckedNode,
  type Comparison,
  type SearchDate,
  type SearchFields,
  type SearchValue,
  type UserError,
  wordForms,
} from '@stockroom/domain';

/** `text` with LIKE's own characters (`\\`, `%`, `_`) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');
/** `%text%` for like/ilike, with the pattern's own characters taken literally. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** SQL comparison operators for the search language's comparisons. */
export const SQL_OPS: Record<Comparison, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export interface SearchSql {
  fields: SearchFields;
  /** A free word. */
  text: (word: string) => RawBuilder<boolean>;
  /**
   * `field:value` with a checked, converted value. A date field gets SQL for an instant (a
   * timestamptz expression), to compare its column with.
   */
  field: (name: string, op: Comparison, value: unknown) => RawBuilder<boolean>;
}

/** The store's time zone, read in the same statement; UTC before a store exists. */
const STORE_TIME_ZONE = sql`coalesce((select timezone from store_settings where id = 1), 'UTC')`;
const INTERVALS = {
  day: sql.raw(`interval '1 day'`),
  week: sql.raw(`interval '1 week'`),
  month: sql.raw(`interval '1 month'`),
  year: sql.raw(`interval '1 year'`),
};

/** Midnight starting a calendar day (an SQL date) in the store's time zone. */
const startOf = (day: RawBuilder<unknown>) => sql`(${day})::timestamp at time zone ${STORE_TIME_ZONE}`;

function isSearchDate(value: SearchValue): value is SearchDate {
  return typeof value === 'object';
}

/**
 * A search date as SQL, on the database's clock (now()) and in the store's time zone: a day as
 * its start and end (the next day's start), a moment as one instant.
 */
function dateSql(
  d: SearchDate,
): { day: { start: RawBuilder<unknown>; end: RawBuilder<unknown> } } | { moment: RawBuilder<unknown> } {
  switch (d.type) {
    case 'hoursAgo':
      return { moment: sql`(now() - ${d.amount}::integer * interval '1 hour')` };
    case 'moment':
      return {
        moment: sql`(cast(${d.dateTime} as timestamp) at time zone ${d.utc ? sql`'UTC'` : STORE_TIME_ZONE})`,
      };
    default: {
      const day =
        d.type === 'day'
          ? sql`cast(${d.date} as date)`
          : sql`((now() at time zone ${STORE_TIME_ZONE})::date - ${d.amount}::integer * ${INTERVALS[d.unit]})::date`;
      return { day: { start: startOf(day), end: startOf(sql`${day} + 1`) } };
    }
  }
}

/** `field` compared with a date: a day compares as a whole day (DAY_COMPARISONS), a moment directly. */
function dateCondition(s: SearchSql, field: string, op: Comparison, d: SearchDate): RawBuilder<boolean> {
  const resolved = dateSql(d);
  if ('moment' in resolved) return s.field(field, op, resolved.moment);
  const { from, until } = DAY_COMPARISONS[op];
  const parts = [
    ...(from ? [s.field(field, 'gte', resolved.day[from])] : []),
    ...(until ? [s.field(field, 'lt', resolved.day[until])] : []),
  ];
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function compile(node: CheckedNode, s: SearchSql): RawBuilder<boolean> {
  switch (node.type) {
    case 'and':
      return sql<boolean>`(${sql.join(
        node.children.map((c) => compile(c, s)),
        sql` and `,
      )})`;
    case 'or':
      return sql<boolean>`(${sql.join(
        node.children.map((c) => compile(c, s)),
        sql` or `,
      )})`;
    case 'not':
      return sql<boolean>`not coalesce(${compile(node.child, s)}, false)`;
    case 'text':
      return s.text(node.value);
    default:
      return isSearchDate(node.value)
        ? dateCondition(s, node.field, node.op, node.value)
        : s.field(node.field, node.op, node.value);
  }
}

/**
 * Turns a search (SPEC §7.4) into one SQL condition for a resource, or into userErrors on
 * `query` that say, in plain words, why it is not one (unknown field, bad value, bad syntax).
 */
export function searchCondition(
  query: string | null | undefined,
  s: SearchSql,
): { condition: RawBuilder<boolean> | null } | { errors: UserError[] } {
  try {
    const checked = checkSearch(parseSearch(query ?? ''), s.fields);
    if (!checked.ok)
      return { errors: [{ field: ['query'], code: 'INVALID', message: checked.problem.message }] };
    return { condition: checked.node ? compile(checked.node, s) : null };
  } catch (e) {
    if (e instanceof SearchSyntaxError)
      return { errors: [{ field: ['query'], code: 'INVALID', message: e.message }] };
    throw e;
  }
}

/**
 * A search word's tokens, each with the forms PostgreSQL's parser may have stored it in: its parser
 * keeps a number after a hyphen with its sign ("APRON-1" is stored as "apron" and "-1") except
 * after a hyphenated word ("RAIN-HRB-01": "rain-hrb", "rain", "hrb", "01"), so such a number is
 * matched either way and a SKU typed as it is printed finds its product.
 */
export function searchTokens(word: string): string[][] {
  const tokens = word.toLowerCase().match(/-\d+(?:\.\d+)?(?![\p{L}\p{N}])|[\p{L}\p{N}]+/gu) ?? [];
  return tokens.map((t) => (t.startsWith('-') ? [t, t.slice(1)] : [t]));
}

/** One token's forms as a prefix query: `a:*`, or `(a:* | b:*)` for several. */
function anyPrefix(forms: string[]): string {
  const unique = [...new Set(forms)];
  return unique.length === 1 ? `${unique[0]}:*` : `(${unique.map((f) => `${f}:*`).join(' | ')})`;
}

/** Words matched as prefixes against a `simple` text-search vector of `column`. */
export function prefixWords(column: RawBuilder<unknown>, word: string): RawBuilder<boolean> | null {
  const tokens = searchTokens(word);
  if (!tokens.length) return null;
  return sql<boolean>`to_tsvector('simple', ${column}) @@ to_tsquery('simple', ${tokens.map(anyPrefix).join(' & ')})`;
}

/**
 * The words of `column` as stemmedWords matches them: as written (for prefixes of what is being
 * typed) and as English stems (for other forms of a word). A table searched this way has a GIN
 * index on exactly this expression (migration 013).
 */
export const stemmedVector = (column: RawBuilder<unknown>) =>
  sql`(to_tsvector('simple', ${column}) || to_tsvector('english', ${column}))`;

/**
 * Words matched as prefixes, as written or stemmed, in any of their forms (wordForms): "linen shi"
 * finds "linen shirt", "scarves" finds "scarf", "shirt" finds "shirts".
 */
export function stemmedWords(column: RawBuilder<unknown>, word: string): RawBuilder<boolean> | null {
  return stemmedMatch(stemmedVector(column), word);
}

/** stemmedWords against a vector kept on the row (a stemmedVector of its text), such as `products.search_vector`. */
export function stemmedMatch(vector: RawBuilder<unknown>, word: string): RawBuilder<boolean> | null {
  const tokens = searchTokens(word);
  if (!tokens.length) return null;
  const query = tokens.map((forms) => anyPrefix(forms.flatMap(wordForms))).join(' & ');
  return sql<boolean>`${vector} @@ (to_tsquery('simple', ${query}) || to_tsquery('english', ${query}))`;
}
