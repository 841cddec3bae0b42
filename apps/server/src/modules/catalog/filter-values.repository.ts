import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { containsPattern } from '../../lib/search-sql.js';

/** What a product list's filter chips offer values for. */
export const PRODUCT_FILTER_FIELDS = ['VENDOR', 'PRODUCT_TYPE', 'TAG', 'CATEGORY', 'COLLECTION'] as const;
export type ProductFilterField = (typeof PRODUCT_FILTER_FIELDS)[number];

/**
 * The distinct values of one product field in use, alphabetical, those containing `contains`
 * (any case), at most `first`: each is what a `field:"value"` search term matches.
 */
export async function productFilterValues(
  db: Executor,
  field: ProductFilterField,
  contains: string,
  first: number,
): Promise<string[]> {
  const like = containsPattern(contains);
  const query = {
    VENDOR: sql`select vendor as value from products where vendor <> '' and vendor ilike ${like}`,
    PRODUCT_TYPE: sql`select product_type as value from products
      where product_type <> '' and product_type ilike ${like}`,
    TAG: sql`select t as value from products, unnest(tags) as t where t ilike ${like}`,
    CATEGORY: sql`select name as value from categories where name ilike ${like}`,
    COLLECTION: sql`select title as value from collections where title ilike ${like}`,
  }[field];
  return distinctValues(db, query, first);
}

/**
 * The values of `query` once each, whatever their case (a search term matches any case), the
 * same spelling every time; alphabetical, at most `first`.
 */
async function distinctValues(db: Executor, query: RawBuilder<unknown>, first: number) {
  const { rows } = await sql<{ value: string }>`select min(value collate "C") as value from (${query}) v
    group by lower(value) order by lower(value) limit ${first}`.execute(db);
  return rows.map((r) => r.value);
}

/** The distinct customer tags in use, alphabetical, those containing `contains`, at most `first`. */
export async function customerTagValues(db: Executor, contains: string, first: number): Promise<string[]> {
  const tags = sql`select t as value from customers, unnest(tags) as t where t ilike ${containsPattern(contains)}`;
  return distinctValues(db, tags, first);
}
