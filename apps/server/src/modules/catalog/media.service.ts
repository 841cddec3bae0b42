import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { MediaRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import type { Config } from '../../config.js';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';

/** SPEC §9: 20 MB, 250 per product; thumbnails 64, 256, 1024 px. */
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
export const MAX_MEDIA_PER_PRODUCT = 250;
export const THUMBNAIL_SIZES = [64, 256, 1024] as const;

const FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
  heif: { mime: 'image/avif', ext: 'avif' },
};

export function mediaDir(config: Pick<Config, 'dataDir'>): string {
  return config.dataDir === 'memory://' ? path.join(os.tmpdir(), 'stockroom-media') : path.join(config.dataDir, 'media');
}

export function mediaFileName(row: Pick<MediaRow, 'content_hash' | 'mime_type'>, size?: number): string {
  const ext = Object.values(FORMATS).find((f) => f.mime === row.mime_type)?.ext ?? 'bin';
  return size ? `${row.content_hash}-${size}.webp` : `${row.content_hash}.${ext}`;
}

export interface Inspected {
  bytes: Buffer;
  hash: string;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

/** Reads and checks an upload by its content, not its name or claimed type. */
async function inspect(file: File, index: number): Promise<Inspected> {
  if (file.size > MAX_MEDIA_BYTES) {
    throw UserErrors.one('OUT_OF_RANGE', `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images can be at most 20 MB.`, ['files', String(index)]);
  }
  return inspectBytes(Buffer.from(await file.arrayBuffer()), file.name, index);
}

export async function inspectBytes(bytes: Buffer, name: string, index: number): Promise<Inspected> {
  const file = { name };
  const field = ['files', String(index)];
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw UserErrors.one('INVALID', `${file.name} is not an image Stockroom can use. Upload a JPEG, PNG, WebP, GIF or AVIF.`, field);
  }
  const format = meta.format ? FORMATS[meta.format] : undefined;
  if (!format || (meta.format === 'heif' && meta.compression !== 'av1') || !meta.width || !meta.height) {
    throw UserErrors.one('INVALID', `${file.name} is not an image Stockroom can use. Upload a JPEG, PNG, WebP, GIF or AVIF.`, field);
  }
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex'), mime: format.mime, ext: format.ext, width: meta.width, height: meta.height };
}

/** Stores the original by content hash (the same image twice is kept once) and its thumbnails. */
export async function store(dir: string, image: Inspected): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const original = path.join(dir, `${image.hash}.${image.ext}`);
  const exists = await fs.stat(original).then(
    () => true,
    () => false,
  );
  if (exists) return;
  for (const size of THUMBNAIL_SIZES) {
    const out = path.join(dir, `${image.hash}-${size}.webp`);
    await sharp(image.bytes, { animated: false }).rotate().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toFile(out);
  }
  // Written last, so a half-done upload is redone next time.
  await fs.writeFile(original, image.bytes);
}

export async function productMediaUpload(db: DB, config: Config, actor: Actor, productId: string, files: File[], alt: string | null): Promise<MediaRow[]> {
  if (!files.length) throw UserErrors.one('REQUIRED', 'Choose at least one image.', ['files']);
  const images: Inspected[] = [];
  for (const [i, f] of files.entries()) images.push(await inspect(f, i));
  const dir = mediaDir(config);
  for (const image of images) await store(dir, image);
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().executeTakeFirst();
    if (!product) throw UserErrors.one('INVALID', 'This product does not exist.', ['productId']);
    const { n, last } = await trx
      .selectFrom('product_media')
      .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(max(position), -1)`.as('last')])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    if (Number(n) + images.length > MAX_MEDIA_PER_PRODUCT) {
      throw UserErrors.one('LIMIT_EXCEEDED', `A product can have at most ${MAX_MEDIA_PER_PRODUCT} images; it has ${n}.`, ['files']);
    }
    const rows = await trx
      .insertInto('product_media')
      .values(
        images.map((image, i) => ({
          id: uuidv7(),
          product_id: productId,
          position: Number(last) + 1 + i,
          alt: (alt ?? '').slice(0, 512),
          content_hash: image.hash,
          mime_type: image.mime,
          width: image.width,
          height: image.height,
          size_bytes: image.bytes.length,
          filename: files[i]!.name.slice(0, 255),
        })),
      )
      .returningAll()
      .execute();
    await recordAudit(trx, actor, {
      action: 'product.media_add',
      subjectType: 'Product',
      subjectId: productId,
      changes: { media: { before: null, after: rows.map((r) => r.filename) } },
    });
    await trx.updateTable('products').set({ updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', productId).execute();
    return rows;
  });
}

export async function productMediaUpdate(db: DB, actor: Actor, mediaId: string, alt: string): Promise<MediaRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('product_media').selectAll().where('id', '=', mediaId).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This image does not exist.', ['id']);
    if (alt.length > 512) throw UserErrors.one('TOO_LONG', 'Use at most 512 characters.', ['alt']);
    const after = await trx
      .updateTable('product_media')
      .set({ alt: alt.trim(), updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', mediaId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'product.media_update', subjectType: 'Product', subjectId: before.product_id, changes: diff(before, after, ['alt']) });
    return after;
  });
}

/** Sets the order of a product's images: the given ones first in that order, the rest after. */
export async function productMediaReorder(db: DB, actor: Actor, productId: string, mediaIds: string[]): Promise<MediaRow[]> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('product_media').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').forUpdate().execute();
    const known = new Set(current.map((m) => m.id));
    if (mediaIds.some((id) => !known.has(id))) throw UserErrors.one('INVALID', 'Only images of this product can be ordered.', ['mediaIds']);
    const order = [...new Set(mediaIds), ...current.map((m) => m.id).filter((id) => !mediaIds.includes(id))];
    for (const [i, id] of order.entries()) await trx.updateTable('product_media').set({ position: i }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'product.media_reorder',
      subjectType: 'Product',
      subjectId: productId,
      changes: { media: { before: current.map((m) => m.filename), after: order.map((id) => current.find((m) => m.id === id)!.filename) } },
    });
    return trx.selectFrom('product_media').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
  });
}

export async function productMediaDelete(db: DB, actor: Actor, mediaId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('product_media').selectAll().where('id', '=', mediaId).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This image does not exist.', ['id']);
    await trx.deleteFrom('product_media').where('id', '=', mediaId).execute();
    await recordAudit(trx, actor, { action: 'product.media_delete', subjectType: 'Product', subjectId: before.product_id, changes: { media: { before: before.filename, after: null } } });
  });
}
