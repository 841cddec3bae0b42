import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { mediaRow, type Media } from './catalog.model.js';

export async function findMedia(db: Executor, id: string): Promise<Media | null> {
  const row = await db.selectFrom('product_media').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? mediaRow.of(row) : null;
}

export async function lockMedia(db: Executor, id: string): Promise<Media | undefined> {
  const row = await db
    .selectFrom('product_media')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && mediaRow.of(row);
}

/** The images of these products, each product's in display order. */
export async function mediaOfProducts(db: Executor, productIds: readonly string[]): Promise<Media[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_media')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(mediaRow.of);
}

/** The product's images in display order, locked for the rest of the transaction. */
export async function lockMediaOfProduct(db: Executor, productId: string): Promise<Media[]> {
  const rows = await db
    .selectFrom('product_media')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(mediaRow.of);
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

export async function insertMedia(
  db: Executor,
  media: Omit<Media, 'createdAt' | 'updatedAt' | 'version'>[],
): Promise<Media[]> {
  if (!media.length) return [];
  const rows = await db
    .insertInto('product_media')
    .values(
      media.map((m) => ({
        id: m.id,
        product_id: m.productId,
        position: m.position,
        alt: m.alt,
        content_hash: m.contentHash,
        mime_type: m.mimeType,
        width: m.width,
        height: m.height,
        size_bytes: m.sizeBytes,
        filename: m.filename,
      })),
    )
    .returningAll()
    .execute();
  return rows.map(mediaRow.of);
}

/** Sets the alt text and bumps the version. */
export async function updateMediaAlt(db: Executor, id: string, alt: string): Promise<Media> {
  const row = await db
    .updateTable('product_media')
    .set({ alt, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return mediaRow.of(row);
}

export async function setMediaPosition(db: Executor, id: string, position: number): Promise<void> {
  await db.updateTable('product_media').set({ position }).where('id', '=', id).execute();
}

export async function deleteMedia(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('product_media').where('id', '=', id).execute();
}
