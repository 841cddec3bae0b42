// What every raw handler shares: the pool, public ids, money, cursors and capped counts, written out
// by hand the way a plain node:http + pg service would.
import pg from 'pg';

pg.types.setTypeParser(20, (v) => Number(v));
export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 16 });

export const COUNT_LIMIT = 10_000;
export const gid = (prefix, uuid) => `${prefix}_${uuid.replace(/-/g, '')}`;
export const ungid = (id) => {
  const h = String(id).split('_')[1] ?? '';
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
export const amount = (minor) => {
  const s = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
};
export const money = (minor, currencyCode) =>
  minor === null ? null : { amount: amount(minor), currencyCode };
export const iso = (d) => (d === null ? null : d.toISOString());
/** An order's customer as the server names it: an erased one keeps neither name nor email. */
export const orderCustomer = (c) => ({
  id: gid('cus', c.id),
  displayName:
    c.state === 'ERASED'
      ? 'Erased customer'
      : [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email,
  email: c.state === 'ERASED' ? null : c.email,
});

/** Cursors as the server writes them: base64url JSON of [sort value as text, id]. */
export const cursorOf = (value, id) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
export const decodeCursor = (c) => JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));

/** The sort value as text, the way the server's cursors carry it. */
export const tsText = (column) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function cappedCount(fromWhere, params) {
  const { rows } = await pool.query(
    `select count(*)::int as n from (select 1 ${fromWhere} limit ${COUNT_LIMIT + 1}) x`,
    params,
  );
  const n = rows[0].n;
  return n > COUNT_LIMIT ? { value: COUNT_LIMIT, precision: 'AT_LEAST' } : { value: n, precision: 'EXACT' };
}

/** pageInfo of a forward keyset page read with one row more than asked. */
export function pageInfo(rows, size, after, cursorOfRow) {
  const page = rows.slice(0, size);
  return {
    page,
    pageInfo: {
      hasNextPage: rows.length > size,
      hasPreviousPage: Boolean(after),
      startCursor: page.length ? cursorOfRow(page[0]) : null,
      endCursor: page.length ? cursorOfRow(page.at(-1)) : null,
    },
  };
}

let currency;
export async function storeCurrency() {
  currency ??= (
    await pool.query('select currency_code from store_settings where id = 1')
  ).rows[0].currency_code.trim();
  return currency;
}

/** Free words as the server matches them: each a prefix of some word of the column's text. */
export function prefixQuery(words) {
  // As the server's searchTokens: a number after a hyphen is matched with and without its sign.
  const tokens = words.toLowerCase().match(/-\d+(?:\.\d+)?(?![\p{L}\p{N}])|[\p{L}\p{N}]+/gu) ?? [];
  return tokens.map((t) => (t.startsWith('-') ? `(${t}:* | ${t.slice(1)}:*)` : `${t}:*`)).join(' & ');
}

/** Free words as the product search matches them: as written or stemmed (migration 013's index). */
export function stemmedCondition(column, param) {
  return `(to_tsvector('simple', ${column}) || to_tsvector('english', ${column})) @@ (to_tsquery('simple', ${param}) || to_tsquery('english', ${param}))`;
}

/** The same match against that vector kept on the row (products.search_vector, migration 400). */
export function stemmedVectorCondition(vector, param) {
  return `${vector} @@ (to_tsquery('simple', ${param}) || to_tsquery('english', ${param}))`;
}
