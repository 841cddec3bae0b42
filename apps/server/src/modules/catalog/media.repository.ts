import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { MediaRow, ProductMediaTable } from './catalog.tables.js';

export async function findMedia(db: Executor, id: string): Promise<MediaRow | null> {
  return (await db.selectFrom('product_media').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function lockMedia(db: Executor, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('product_media').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The images of these products, each product's in display order. */
export function mediaOfProducts(db: Executor, productIds: readonly string[]): Promise<MediaRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_media')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The product's images in display order, locked for the rest of the transaction. */
export function lockMediaOfProduct(db: Executor, productId: string): Promise<MediaRow[]> {
  return db
    .selectFrom('product_media')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** How many images the product has and the last position taken (-1 for none). */
export async function mediaTally(
  db: Executor,
  productId: string,
): Promise<{ count: number; lastPosition: number }> {
  const { n, last } = await db
    .selectFrom('product_media')
    .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(max(position), -1)`.as('last')])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { count: Number(n), lastPosition: Number(last) };
}

export function insertMedia(db: Executor, rows: Insertable<ProductMediaTable>[]): Promise<MediaRow[]> {
  return db.insertInto('product_media').values(rows).returningAll().execute();
}

/** Sets the alt text and bumps the version. */
export function updateMediaAlt(db: Executor, id: string, alt: string): Promise<MediaRow> {
  return db
    .updateTable('product_media')
    .set({ alt, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setMediaPosition(db: Executor, id: string, position: number): Promise<void> {
  await db.updateTable('product_media').set({ position }).where('id', '=', id).execute();
}

export async function deleteMedia(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('product_media').where('id', '=', id).execute();
}
