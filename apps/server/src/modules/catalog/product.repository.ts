import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ProductRow, ProductTable, VariantRow } from '../../db/types.js';
import type { Insertable, Updateable } from 'kysely';

export function findProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProductsByIds(db: Executor, ids: readonly string[]): Promise<ProductRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

/** Locks the product row for the rest of the transaction (edits of one product queue up). */
export function lockProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertProduct(db: Executor, row: Insertable<ProductTable>): Promise<ProductRow> {
  return db.insertInto('products').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Updates and bumps the version; with expectedVersion, only when it still matches. */
export function updateProduct(
  db: Executor,
  id: string,
  changes: Updateable<ProductTable>,
  expectedVersion?: number | null,
): Promise<ProductRow | undefined> {
  let q = db
    .updateTable('products')
    .set({ ...changes, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id);
  if (expectedVersion != null) q = q.where('version', '=', expectedVersion);
  return q.returningAll().executeTakeFirst();
}

export async function deleteProduct(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function variantsOfProducts(db: Executor, productIds: readonly string[]): Promise<VariantRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findVariantsByIds(db: Executor, ids: readonly string[]): Promise<VariantRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('product_variants').selectAll().where('id', 'in', ids).execute();
}

/** Variants of other products holding any of these SKUs (case-insensitive), with their product. */
export function skuOwners(db: Executor, skus: readonly string[], exceptProductId: string | null) {
  if (!skus.length) return Promise.resolve([]);
  let q = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'p.id as productId', 'p.title as productTitle'])
    .where(sql<string>`lower(v.sku)`, 'in', skus.map((s) => s.toLowerCase()));
  if (exceptProductId) q = q.where('v.product_id', '!=', exceptProductId);
  return q.execute();
}

/** Recomputes the list columns kept on the product from its variants (count, price range, search text). */
export async function refreshProductSummary(db: Executor, productId: string): Promise<void> {
  await sql`
    update products p set
      variant_count = s.n,
      min_price = s.min_price,
      max_price = s.max_price,
      search_text = concat_ws(' ', p.title, p.handle, p.vendor, p.product_type, s.codes)
    from (
      select count(*)::int as n, min(price) as min_price, max(price) as max_price,
             string_agg(concat_ws(' ', sku, barcode), ' ') as codes
      from product_variants where product_id = ${productId}
    ) s
    where p.id = ${productId}`.execute(db);
}

export const PRODUCT_SORT_KEYS = {
  TITLE: { expression: 'lower(p.title)', cast: 'text', descending: false, value: (r: ProductRow) => r.title.toLowerCase() },
  UPDATED_AT: { expression: 'p.updated_at', cast: 'timestamptz', descending: true, value: (r: ProductRow) => r.updated_at },
  CREATED_AT: { expression: 'p.created_at', cast: 'timestamptz', descending: true, value: (r: ProductRow) => r.created_at },
  PRICE: { expression: 'p.min_price', cast: 'bigint', descending: false, value: (r: ProductRow) => r.min_price },
} as const;

export type ProductSortKey = keyof typeof PRODUCT_SORT_KEYS;

/** The filtered product query (no order, no limit), for a page and for its count. */
export function productListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  let q = db.selectFrom('products as p').selectAll('p');
  if (condition) q = q.where(condition);
  return q;
}

/** How many orders each of these products appears on (products on no order are left out). */
export async function orderCountsOfProducts(db: Executor, productIds: readonly string[]): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select(['product_id', sql<number>`count(distinct order_id)::int`.as('n')])
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id!, Number(r.n)]));
}

export function onOrdersMessage(n: number): string {
  return `This product is on ${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}; archive it instead.`;
}
