import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Executor, Tx } from '../../db/database.js';
import type { Media } from './catalog.model.js';
import type { Actor } from '../../actor.js';
import type { Config } from '../../config.js';
import { DomainError } from '@stockroom/domain';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import * as repo from './media.repository.js';
import { lockProduct, touchProduct } from './product.repository.js';

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
  return config.dataDir === 'memory://'
    ? path.join(os.tmpdir(), 'stockroom-media')
    : path.join(config.dataDir, 'media');
}

export function mediaFileName(media: Pick<Media, 'contentHash' | 'mimeType'>, size?: number): string {
  const ext = Object.values(FORMATS).find((f) => f.mime === media.mimeType)?.ext ?? 'bin';
  return size ? `${media.contentHash}-${size}.webp` : `${media.contentHash}.${ext}`;
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
    throw DomainError.one(
      'OUT_OF_RANGE',
      `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images can be at most 20 MB.`,
      ['files', String(index)],
    );
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
    throw DomainError.one(
      'INVALID',
      `${file.name} is not an image Stockroom can use. Upload a JPEG, PNG, WebP, GIF or AVIF.`,
      field,
    );
  }
  const format = meta.format ? FORMATS[meta.format] : undefined;
  if (!format || (meta.format === 'heif' && meta.compression !== 'av1') || !meta.width || !meta.height) {
    throw DomainError.one(
      'INVALID',
      `${file.name} is not an image Stockroom can use. Upload a JPEG, PNG, WebP, GIF or AVIF.`,
      field,
    );
  }
  return {
    bytes,
    hash: createHash('sha256').update(bytes).digest('hex'),
    mime: format.mime,
    ext: format.ext,
    width: meta.width,
    height: meta.height,
  };
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
    await sharp(image.bytes, { animated: false })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(out);
  }
  // Written last, so a half-done upload is redone next time.
  await fs.writeFile(original, image.bytes);
}

/**
 * Checks the uploads by their content and stores them with their thumbnails, before the command's
 * transaction: image work is slow and holds no database connection. A failed command leaves the
 * files; they are stored by content hash, so they cost nothing more when uploaded again.
 */
export async function prepareMediaUpload(
  config: Pick<Config, 'dataDir'>,
  files: File[],
): Promise<PreparedUpload[]> {
  if (!files.length) throw DomainError.one('REQUIRED', 'Choose at least one image.', ['files']);
  const uploads: PreparedUpload[] = [];
  for (const [i, f] of files.entries()) uploads.push({ image: await inspect(f, i), filename: f.name });
  const dir = mediaDir(config);
  for (const { image } of uploads) await store(dir, image);
  return uploads;
}

export interface PreparedUpload {
  image: Inspected;
  filename: string;
}

/** Adds prepared images after the product's existing ones. */
export async function productMediaUpload(
  trx: Tx,
  actor: Actor,
  productId: string,
  uploads: PreparedUpload[],
  alt: string | null,
): Promise<Media[]> {
  const product = await lockProduct(trx, productId);
  if (!product) throw DomainError.one('INVALID', 'This product does not exist.', ['productId']);
  const { count, lastPosition } = await repo.mediaTally(trx, productId);
  if (count + uploads.length > MAX_MEDIA_PER_PRODUCT) {
    throw DomainError.one(
      'LIMIT_EXCEEDED',
      `A product can have at most ${MAX_MEDIA_PER_PRODUCT} images; it has ${count}.`,
      ['files'],
    );
  }
  const rows = await repo.insertMedia(
    trx,
    uploads.map(({ image, filename }, i) => ({
      id: uuidv7(),
      productId,
      position: lastPosition + 1 + i,
      alt: (alt ?? '').slice(0, 512),
      contentHash: image.hash,
      mimeType: image.mime,
      width: image.width,
      height: image.height,
      sizeBytes: image.bytes.length,
      filename: filename.slice(0, 255),
    })),
  );
  await recordAudit(trx, actor, {
    action: 'product.media_add',
    subjectType: 'Product',
    subjectId: productId,
    changes: { media: { before: null, after: rows.map((r) => r.filename) } },
  });
  await touchProduct(trx, productId);
  return rows;
}

export async function productMediaUpdate(
  trx: Tx,
  actor: Actor,
  mediaId: string,
  alt: string,
): Promise<Media> {
  const before = await repo.lockMedia(trx, mediaId);
  if (!before) throw DomainError.one('INVALID', 'This image does not exist.', ['id']);
  if (alt.length > 512) throw DomainError.one('TOO_LONG', 'Use at most 512 characters.', ['alt']);
  const after = await repo.updateMediaAlt(trx, mediaId, alt.trim());
  await recordAudit(trx, actor, {
    action: 'product.media_update',
    subjectType: 'Product',
    subjectId: before.productId,
    changes: diff(before, after, ['alt']),
  });
  return after;
}

/** Sets the order of a product's images: the given ones first in that order, the rest after. */
export async function productMediaReorder(
  trx: Tx,
  actor: Actor,
  productId: string,
  mediaIds: string[],
): Promise<Media[]> {
  const current = await repo.lockMediaOfProduct(trx, productId);
  const known = new Set(current.map((m) => m.id));
  if (mediaIds.some((id) => !known.has(id)))
    throw DomainError.one('INVALID', 'Only images of this product can be ordered.', ['mediaIds']);
  const order = [...new Set(mediaIds), ...current.map((m) => m.id).filter((id) => !mediaIds.includes(id))];
  for (const [i, id] of order.entries()) await repo.setMediaPosition(trx, id, i);
  await recordAudit(trx, actor, {
    action: 'product.media_reorder',
    subjectType: 'Product',
    subjectId: productId,
    changes: {
      media: {
        before: current.map((m) => m.filename),
        after: order.map((id) => current.find((m) => m.id === id)!.filename),
      },
    },
  });
  return repo.mediaOfProducts(trx, [productId]);
}

export async function productMediaDelete(trx: Tx, actor: Actor, mediaId: string): Promise<void> {
  const before = await repo.lockMedia(trx, mediaId);
  if (!before) throw DomainError.one('INVALID', 'This image does not exist.', ['id']);
  await repo.deleteMedia(trx, mediaId);
  await recordAudit(trx, actor, {
    action: 'product.media_delete',
    subjectType: 'Product',
    subjectId: before.productId,
    changes: { media: { before: before.filename, after: null } },
  });
}

/** For other modules (the products importer): the images of these products, each product's in order. */
export function mediaOfProducts(db: Executor, productIds: readonly string[]): Promise<Media[]> {
  return repo.mediaOfProducts(db, productIds);
}
