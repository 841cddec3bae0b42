import { decodeIdOf, tagsSchema, validate, type ProductStatus } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { syncAutomatedCollections } from './collection.service.js';
import { appendCollectionMembers, lockCollection, refreshCollectionCount } from './collection.repository.js';
import { productSearchCondition } from './product-search.repository.js';
import * as repo from './product.repository.js';
import type { Job } from '../jobs/jobs.model.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { jobStart } from '../jobs/job.service.js';
import { batchedIdsStep } from '../jobs/job-runner.service.js';
import type { Viewer } from '../../actor.js';

/** At most this many products change in one bulk edit. */
export const MAX_BULK_PRODUCTS = 10_000;
/** More products than this change in the background, as a BULK_EDIT job with progress (issue #28). */
export const IMMEDIATE_BULK_PRODUCTS = 1_000;
/** Products one step of a BULK_EDIT job changes. */
export const BULK_PRODUCTS_PER_STEP = 1_000;

export interface BulkAction {
  setStatus?: ProductStatus | null;
  addTags?: string[] | null;
  removeTags?: string[] | null;
  addToCollectionId?: string | null;
  delete?: boolean | null;
}

export interface BulkTarget {
  ids?: string[] | null;
  /** "All matching": every product the search finds. */
  query?: string | null;
}

type Locked = Awaited<ReturnType<typeof repo.lockProductsForBulk>>;

async function targetIds(trx: Tx, target: BulkTarget): Promise<string[]> {
  if (target.ids?.length && target.query != null)
    throw DomainError.one('INVALID', 'Give either ids or a query, not both.', ['ids']);
  if (target.ids) {
    return target.ids.map((id, i) => {
      const uuid = decodeIdOf('Product', id);
      if (!uuid) throw DomainError.one('INVALID', 'This product does not exist.', ['ids', String(i)]);
      return uuid;
    });
  }
  const currency = (await storeSettings(trx)).currencyCode;
  const search = productSearchCondition(target.query ?? '', currency);
  if ('errors' in search) throw new DomainError(search.errors);
  return repo.productIdsMatching(trx, search.condition, MAX_BULK_PRODUCTS + 1);
}

function checkOneAction(action: BulkAction): void {
  const chosen = [
    action.setStatus,
    action.addTags,
    action.removeTags,
    action.addToCollectionId,
    action.delete,
  ].filter((a) => a != null && a !== false);
  if (chosen.length !== 1) throw DomainError.one('INVALID', 'Choose exactly one action.', ['action']);
}

/**
 * One action on many products, with an audit event per product changed: up to 1,000 at once in the
 * command's transaction; more as a BULK_EDIT job started in it (the products chosen now, changed
 * 1,000 a step), whose `job` the answer carries. Returns how many products (or collection
 * memberships) it changed — 0 so far for a job.
 */
export async function productsBulkUpdate(
  trx: Tx,
  actor: Actor,
  target: BulkTarget,
  action: BulkAction,
  queue: JobQueue,
): Promise<{ changedCount: number; job: Job | null }> {
  checkOneAction(action);
  const ids = [...new Set(await targetIds(trx, target))];
  if (ids.length > MAX_BULK_PRODUCTS) {
    throw DomainError.one(
      'LIMIT_EXCEEDED',
      `One bulk edit can change at most ${MAX_BULK_PRODUCTS.toLocaleString('en-US')} products; narrow the search.`,
      ['query'],
    );
  }
  if (!ids.length) return { changedCount: 0, job: null };
  if (ids.length > IMMEDIATE_BULK_PRODUCTS) {
    if (!actor.viewer) throw DomainError.one('INVALID', 'A bulk edit this large needs a person or a token.');
    // Checked now, so a mistake is answered at once rather than by a failed job.
    if (action.addTags) validTags(action.addTags, 'addTags');
    if (action.removeTags) validTags(action.removeTags, 'removeTags');
    const collection =
      action.addToCollectionId != null ? await manualCollection(trx, action.addToCollectionId) : null;
    const job = await jobStart(trx, actor as Actor & { viewer: Viewer }, queue, {
      kind: 'BULK_EDIT',
      input: { ids, action: { ...action } },
      resultName: null,
      progressTotal: ids.length,
      names: { collection: collection?.title ?? null },
    });
    return { changedCount: 0, job };
  }
  const before = await repo.lockProductsForBulk(trx, ids);
  if (before.length !== ids.length && target.ids)
    throw DomainError.one('INVALID', 'Some of these products do not exist.', ['ids']);
  return { changedCount: await applyBulkAction(trx, actor, ids, before, action), job: null };
}

async function applyBulkAction(
  trx: Tx,
  actor: Actor,
  ids: string[],
  before: Locked,
  action: BulkAction,
): Promise<number> {
  if (action.addToCollectionId != null) return addToCollection(trx, actor, ids, action.addToCollectionId);
  if (action.delete) return deleteProducts(trx, actor, ids);
  const changed = action.setStatus
    ? await setStatus(trx, actor, ids, before, action.setStatus)
    : await editTags(trx, actor, before, action);
  await syncAutomatedCollections(trx, ids);
  return changed;
}

/**
 * One step of a BULK_EDIT job: the next 1,000 of the products chosen when it started, changed as the
 * immediate edit changes them, with an audit event per product naming the starter. Products deleted
 * since are skipped; a delete skips products that are on orders (each reported by its place in the
 * selection) instead of refusing the whole edit.
 */
export const bulkEditStep = batchedIdsStep(
  BULK_PRODUCTS_PER_STEP,
  async ({ trx, actor, input, batch, rowOf, counts, errors }) => {
    const action = (input['action'] as BulkAction | undefined) ?? {};
    let work = batch;
    if (action.delete) {
      const ordered = await repo.orderCountsOfProducts(trx, batch);
      work = batch.filter((id) => !ordered.has(id));
      for (const id of batch)
        if (ordered.has(id) && errors.length < 50)
          errors.push({
            row: rowOf(id),
            field: 'id',
            message: 'On orders, so not deleted; archive it instead.',
          });
      counts['skipped'] = (counts['skipped'] ?? 0) + (batch.length - work.length);
    }
    const before = work.length ? await repo.lockProductsForBulk(trx, work) : [];
    const present = before.map((b) => b.id);
    counts['missing'] = (counts['missing'] ?? 0) + (work.length - present.length);
    const changed = present.length ? await applyBulkAction(trx, actor, present, before, action) : 0;
    counts['updated'] = (counts['updated'] ?? 0) + changed;
  },
);

async function manualCollection(trx: Tx, collectionApiId: string) {
  const collectionId = decodeIdOf('Collection', collectionApiId);
  const collection = collectionId ? await lockCollection(trx, collectionId) : undefined;
  if (!collection)
    throw DomainError.one('INVALID', 'This collection does not exist.', ['action', 'addToCollectionId']);
  if (collection.kind !== 'MANUAL')
    throw DomainError.one('INVALID', 'An automated collection picks its products by its rules.', [
      'action',
      'addToCollectionId',
    ]);
  return collection;
}

async function setStatus(
  trx: Tx,
  actor: Actor,
  ids: string[],
  before: Locked,
  status: ProductStatus,
): Promise<number> {
  const changed = await repo.setStatusOfProducts(trx, ids, status);
  for (const id of changed) {
    const b = before.find((x) => x.id === id)!;
    await recordAudit(trx, actor, {
      action: 'product.update',
      subjectType: 'Product',
      subjectId: id,
      changes: { status: { before: b.status, after: status } },
    });
  }
  return changed.length;
}

function validTags(list: string[] | null | undefined, field: string): string[] {
  const parsed = validate(tagsSchema, list ?? [], ['action', field]);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  return parsed.value;
}

async function editTags(trx: Tx, actor: Actor, before: Locked, action: BulkAction): Promise<number> {
  const add = action.addTags ? validTags(action.addTags, 'addTags') : [];
  const remove = new Set(
    (action.removeTags ? validTags(action.removeTags, 'removeTags') : []).map((t) => t.toLowerCase()),
  );
  let changed = 0;
  for (const b of before) {
    const next = [...b.tags.filter((t) => !remove.has(t.toLowerCase()))];
    for (const t of add) if (!next.some((x) => x.toLowerCase() === t.toLowerCase())) next.push(t);
    if (JSON.stringify(next) === JSON.stringify(b.tags)) continue;
    if (next.length > 250)
      throw DomainError.one('LIMIT_EXCEEDED', 'A product can have at most 250 tags.', ['action', 'addTags']);
    await repo.setProductTags(trx, b.id, next);
    await recordAudit(trx, actor, {
      action: 'product.update',
      subjectType: 'Product',
      subjectId: b.id,
      changes: { tags: { before: b.tags, after: next } },
    });
    changed++;
  }
  return changed;
}

async function addToCollection(
  trx: Tx,
  actor: Actor,
  ids: string[],
  collectionApiId: string,
): Promise<number> {
  const collection = await manualCollection(trx, collectionApiId);
  const added = await appendCollectionMembers(trx, collection.id, ids);
  await refreshCollectionCount(trx, collection.id);
  await recordAudit(trx, actor, {
    action: 'collection.products_add',
    subjectType: 'Collection',
    subjectId: collection.id,
    changes: { products: { before: null, after: added } },
  });
  return added;
}

async function deleteProducts(trx: Tx, actor: Actor, ids: string[]): Promise<number> {
  const ordered = await repo.orderCountsOfProducts(trx, ids);
  if (ordered.size) {
    const titles = await repo.someProductTitles(trx, [...ordered.keys()], 3);
    throw DomainError.one(
      'HAS_DEPENDENTS',
      `${ordered.size} of these products ${ordered.size === 1 ? 'is' : 'are'} on orders (${titles.join(', ')}${ordered.size > 3 ? ', …' : ''}); archive them instead. Nothing was deleted.`,
      ['action', 'delete'],
    );
  }
  const rows = await repo.deleteProducts(trx, ids);
  for (const r of rows) {
    await recordAudit(trx, actor, {
      action: 'product.delete',
      subjectType: 'Product',
      subjectId: r.id,
      changes: { title: { before: r.title, after: null } },
    });
  }
  return rows.length;
}
