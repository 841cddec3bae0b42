import { sql } from 'kysely';
import type { ProductInput } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { variantRow, type Variant } from './catalog.model.js';

export async function variantsOfProducts(db: Executor, productIds: readonly string[]): Promise<Variant[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_variants')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(variantRow.of);
}

export async function findVariantsByIds(db: Executor, ids: readonly string[]): Promise<Variant[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('product_variants').selectAll().where('id', 'in', ids).execute()).map(
    variantRow.of,
  );
}

/**
 * What a variant's create or update writes: the fields its input carries (packages/domain), its
 * title and its place. A column no input sets keeps its default (or its value, on an update), so a
 * new one needs no edit here; one the insert cannot do without is a type error at `.values`.
 */
export type VariantWrite = Omit<ProductInput['variants'][number], 'id'> & Pick<Variant, 'title' | 'position'>;

/** Variants of other products holding any of these SKUs (case-insensitive), with their product. */
export function skuOwners(db: Executor, skus: readonly string[], exceptProductId: string | null) {
  if (!skus.length) return Promise.resolve([]);
  let q = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'p.id as productId', 'p.title as productTitle'])
    .where(
      sql<string>`lower(v.sku)`,
      'in',
      skus.map((s) => s.toLowerCase()),
    );
  if (exceptProductId) q = q.where('v.product_id', '!=', exceptProductId);
  return q.execute();
}

export async function insertVariants(
  db: Executor,
  variants: (VariantWrite & { id: string; productId: string })[],
): Promise<void> {
  if (!variants.length) return;
  await db
    .insertInto('product_variants')
    .values(variants.map((v) => variantRow.write(v)))
    .execute();
}

/** Updates a variant and bumps its version (the caller holds the product's lock). */
export async function updateVariant(db: Executor, id: string, changes: VariantWrite): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ ...variantRow.write(changes), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** How many orders each of these variants appears on (variants on no order are left out). */
export async function orderCountsOfVariants(
  db: Executor,
  variantIds: readonly string[],
): Promise<Map<string, number>> {
  if (!variantIds.length) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select(['variant_id', sql<number>`count(distinct order_id)::int`.as('n')])
    .where('variant_id', 'in', variantIds)
    .groupBy('variant_id')
    .execute();
  return new Map(rows.map((r) => [r.variant_id!, Number(r.n)]));
}

export async function deleteVariants(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('product_variants').where('id', 'in', ids).execute();
}

/** The products these variants belong to (each once). */
export async function productIdsOfVariants(db: Executor, variantIds: readonly string[]): Promise<string[]> {
  if (!variantIds.length) return [];
  const rows = await db
    .selectFrom('product_variants')
    .select('product_id')
    .distinct()
    .where('id', 'in', variantIds)
    .execute();
  return rows.map((r) => r.product_id);
}
