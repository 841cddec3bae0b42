import { sql, type Kysely } from 'kysely';

/**
 * Issue #35: the stock levels list's words match anywhere in the product title, the SKU or the
 * variant title (`lower(…) like '%word%'`), which read the whole catalog for every search. Trigram
 * indexes on exactly those expressions answer such a match from the index (words of 3 characters
 * or more; shorter ones still match, by reading the index whole). The embedded database loads the
 * extension when it opens (db/database.ts).
 */
const statements = [
  `create extension if not exists pg_trgm`,
  `create index products_title_trgm_idx on products using gin (lower(title) gin_trgm_ops)`,
  `create index product_variants_sku_trgm_idx on product_variants using gin (lower(sku) gin_trgm_ops)`,
  `create index product_variants_title_trgm_idx on product_variants using gin (lower(title) gin_trgm_ops)`,
  // The planner's figures for the indexed expressions, so the first searches already use them.
  `analyze products`,
  `analyze product_variants`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
