import { sql, type Kysely } from 'kysely';

/**
 * Issue #16 item 3: products by number of variants, customers by their last order. Each new sort
 * key has an index that matches its keyset order (vendor and product type had theirs since 002).
 */
const statements = [
  `create index products_variant_count_idx on products (variant_count, id)`,
  `create index customers_last_order_idx on customers (last_order_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
