import { DomainError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { AuditEvent } from '../audit/audit.model.js';
import {
  productDelete,
  productsByIds,
  variantsByIds,
  variantsOfProducts,
} from '../catalog/product.service.js';
import { listLocations } from './location.repository.js';
import * as reads from './product-import.repository.js';
import { setImportedCounts } from './product-import-stock.js';

/*
 * How the products importer undoes what its apply wrote (issue #29, jobRevert): the events undo
 * (modules/undo) does not handle itself.
 */

/** Undoes an import's product: deleted again, unless something else changed it since (or it is on orders). */
export async function revertCreation(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const id = event.subjectId;
  const [product] = id ? await productsByIds(trx, [id]) : [];
  if (!product)
    throw DomainError.one('INVALID_TRANSITION', 'This product has been deleted since the import.', ['id']);
  const variantIds = (await variantsOfProducts(trx, [product.id])).map((v) => v.id);
  const later = await reads.changedSinceByOthers(trx, event, variantIds);
  if (later)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${product.title} was changed since the import (${later.action.replace(/[._]/g, ' ')}${later.actorName ? ` by ${later.actorName}` : ''}), so it was kept.`,
      ['id'],
    );
  await productDelete(trx, actor, product.id);
}

/**
 * Undoes a count the import set: on hand back to what it was, by a new IMPORT movement, unless the
 * level moved since. Counts of products the same import made go with those products (nothing to do).
 */
export async function revertCount(trx: Tx, actor: Actor, event: AuditEvent): Promise<void> {
  const c = event.changes as Record<string, { before: unknown; after: unknown }>;
  if (c['reason']?.after !== 'IMPORT' || !event.subjectId) return;
  const [variant] = await variantsByIds(trx, [event.subjectId]);
  if (!variant) return; // deleted with its product (by this revert, or since): its stock went with it
  if (await reads.createdByJob(trx, variant.productId, event.jobId)) return;
  const locationId = typeof c['location']?.after === 'string' ? c['location'].after : '';
  const [level] = (await reads.levelsOf(trx, [variant.id])).filter((l) => l.locationId === locationId);
  const before = Number(c['onHand']?.before);
  const after = Number(c['onHand']?.after);
  if (!level)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${variant.sku ?? variant.title} has no stock there any more.`,
      ['id'],
    );
  if (level.onHand !== after)
    throw DomainError.one(
      'INVALID_TRANSITION',
      `${variant.sku ?? variant.title} has ${level.onHand} on hand now, not the ${after} the import set: the stock moved since, so it was kept.`,
      ['id'],
    );
  const locations = await listLocations(trx);
  await setImportedCounts(
    trx,
    actor,
    [{ variantId: variant.id, locationId, onHand: before, field: ['id'] }],
    new Map(locations.map((l) => [l.id, l.name])),
  );
}
