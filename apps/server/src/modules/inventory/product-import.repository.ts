import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { productRow, toProduct, type Product } from '../catalog/catalog.model.js';
import { levelRow, type InventoryLevel } from './inventory.model.js';

/*
 * The product importer's batched reads (issue #29): one statement per kind of record for a whole
 * chunk — products by handle, their stock levels, SKUs of other products (their variants and images
 * are catalog's own reads: variantsOfProducts, mediaOfProducts). Writes go through the catalog's and
 * inventory's services.
 */

/**
 * Products whose handle is one of these (lowercased), by handle. A stored handle is lowercase (the
 * catalog's handle rule), so the unique index on handle finds them; `lower(handle)` read every
 * product of the store for each chunk, slower the bigger the store.
 */
export async function productsByHandles(
  db: Executor,
  handles: readonly string[],
): Promise<Map<string, Product>> {
  if (!handles.length) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(productRow.columns)
    .where('handle', 'in', handles)
    .execute();
  return new Map(rows.map((r) => [r.handle.toLowerCase(), toProduct(r)]));
}

export async function levelsOf(db: Executor, variantIds: readonly string[]): Promise<InventoryLevel[]> {
  if (!variantIds.length) return [];
  const rows = await db
    .selectFrom('inventory_levels')
    .selectAll()
    .where('variant_id', 'in', variantIds)
    .execute();
  return rows.map(levelRow.of);
}

/** The products holding these SKUs (lowercased), by lowercased SKU. */
export async function skuHolders(
  db: Executor,
  skus: readonly string[],
): Promise<Map<string, { productId: string; productTitle: string; handle: string }>> {
  if (!skus.length) return new Map();
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.sku', 'p.id as productId', 'p.title as productTitle', 'p.handle'])
    .where(sql<string>`lower(v.sku)`, 'in', skus)
    .execute();
  return new Map(
    rows.map((r) => [
      r.sku!.toLowerCase(),
      { productId: r.productId, productTitle: r.productTitle, handle: r.handle },
    ]),
  );
}

/** Whether anything but this job recorded a change of the subject after the event (undo of a creation refuses then). */
export async function changedSinceByOthers(
  db: Executor,
  event: {
    id: string;
    subjectType: string | null;
    subjectId: string | null;
    jobId: string | null;
    createdAt: Date;
  },
  variantIds: readonly string[],
): Promise<{ action: string; actorName: string | null } | null> {
  if (!event.subjectId) return null;
  const subjects = [event.subjectId, ...variantIds];
  let q = db
    .selectFrom('audit_events')
    .select(['action', 'actor_name'])
    .where('subject_id', 'in', subjects)
    .where('id', '!=', event.id)
    .where('created_at', '>=', event.createdAt);
  if (event.jobId) q = q.where((eb) => eb.or([eb('job_id', 'is', null), eb('job_id', '!=', event.jobId)]));
  const row = await q.orderBy('created_at').limit(1).executeTakeFirst();
  return row ? { action: row.action, actorName: row.actor_name } : null;
}

/** Whether this job made this product (its product.create event names the job). */
export async function createdByJob(db: Executor, productId: string, jobId: string | null): Promise<boolean> {
  if (!jobId) return false;
  const row = await db
    .selectFrom('audit_events')
    .select('id')
    .where('action', '=', 'product.create')
    .where('subject_id', '=', productId)
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row !== undefined;
}
