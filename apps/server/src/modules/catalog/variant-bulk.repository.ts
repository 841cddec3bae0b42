import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import { variantRow, type Variant } from './catalog.model.js';

/*
 * The bulk grid's variant reads and writes (issue #34): each one statement however many rows a
 * save holds, so a save of 2,000 rows costs what a save of 20 does.
 */

export type LockedVariant = Variant & { productTitle: string };

/** Locks these variants in id order (one statement, so overlapping saves queue, never deadlock). */
export async function lockVariantsById(trx: Tx, ids: readonly string[]): Promise<LockedVariant[]> {
  if (!ids.length) return [];
  const rows = await trx
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .select('p.title as product_title')
    .where('v.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .orderBy('v.id')
    .modifyEnd(sql`for update of v`)
    .execute();
  return rows.map((r) => ({ ...variantRow.of(r), productTitle: r.product_title }));
}

/** Variants (not among `except`) holding any of these SKUs, case-insensitive, with their product's title. */
export function skuHolders(db: Executor, skus: readonly string[], except: readonly string[]) {
  if (!skus.length) return Promise.resolve([]);
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.title', 'p.title as productTitle'])
    .where(sql<string>`lower(v.sku)`, '=', sql<string>`any(${skus.map((s) => s.toLowerCase())}::text[])`)
    .where(sql<boolean>`not (v.id = any(${[...except]}::uuid[]))`)
    .execute();
}

/** A variant's fields as the grid sets them (its final values). */
export interface VariantFields {
  id: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  compareAtPrice: number | null;
  costPrice: number | null;
  weightGrams: number | null;
  trackInventory: boolean;
}

/**
 * Writes these variants' fields, bumping each one's version and updated_at. SKUs that move are
 * cleared first (one statement), so two variants may swap SKUs under the unique index.
 */
export async function writeVariantFields(
  trx: Tx,
  rows: readonly VariantFields[],
  skuMoves: readonly string[],
): Promise<void> {
  if (!rows.length) return;
  if (skuMoves.length)
    await sql`update product_variants set sku = null where id = any(${[...skuMoves]}::uuid[])`.execute(trx);
  const json = JSON.stringify(rows);
  await sql`
    update product_variants v set
      sku = x."sku", barcode = x."barcode", price = x."price", compare_at_price = x."compareAtPrice",
      cost_price = x."costPrice", weight_grams = x."weightGrams", track_inventory = x."trackInventory",
      updated_at = now(), version = v.version + 1
    from jsonb_to_recordset(${json}::jsonb) as x("id" uuid, "sku" text, "barcode" text, "price" bigint,
      "compareAtPrice" bigint, "costPrice" bigint, "weightGrams" int, "trackInventory" boolean)
    where v.id = x."id"`.execute(trx);
}

/** Marks these products changed (their variants changed): version and updated_at. */
export async function touchProducts(trx: Tx, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await sql`update products set updated_at = now(), version = version + 1
    where id = any(${[...ids]}::uuid[])`.execute(trx);
}
