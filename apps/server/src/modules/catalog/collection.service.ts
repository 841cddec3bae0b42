import {
  collectionSchema,
  decodeIdOf,
  encodeId,
  MESSAGES,
  validate,
  DomainError,
  type CollectionKind,
  type CollectionRuleMatch,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Collection } from './catalog.model.js';
import type { Actor } from '../../actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { uniqueHandle } from './handle.service.js';
import * as repo from './collection.repository.js';
import { existingProductIds } from './product.repository.js';
import { productIdsOfVariants } from './variant.repository.js';

const AUDITED = ['title', 'handle', 'description', 'kind', 'rules', 'match'] as const;
/** A deleted manual collection's members are kept in its event up to this many. */
const MAX_RECORDED_MEMBERS = 1_000;

async function currencyOf(db: Executor): Promise<string> {
  return (await storeSettings(db)).currencyCode;
}

/**
 * Brings automated collections' membership up to date: for the given products (after they changed),
 * or for every product (after a collection's rules changed), in the change's transaction.
 */
export async function syncAutomatedCollections(
  trx: Tx,
  productIds: string[] | 'all',
  onlyCollectionId?: string,
): Promise<void> {
  if (productIds !== 'all' && !productIds.length) return;
  await syncCollections(trx, await repo.automatedCollections(trx, { onlyId: onlyCollectionId }), productIds);
}

async function syncCollections(trx: Tx, collections: Collection[], productIds: string[] | 'all') {
  if (!collections.length) return;
  const currency = await currencyOf(trx);
  for (const c of collections) {
    await repo.syncRuleMembers(trx, c, productIds, currency);
    await repo.refreshCollectionCount(trx, c.id);
  }
}

/**
 * After stock moved, collections with inventory rules follow the products of these variants. In two
 * steps: which collections have such rules is asked before the stock is locked; the answer brings
 * them up to date once it changed. With no such collection (the common case) the answer does
 * nothing, so nothing more is read while the levels are held.
 */
export async function inventoryCollectionsSync(
  trx: Tx,
  variantIds: readonly string[],
): Promise<() => Promise<void>> {
  const collections = variantIds.length
    ? await repo.automatedCollections(trx, { onlyInventoryRules: true })
    : [];
  if (!collections.length) return () => Promise.resolve();
  return async () =>
    syncCollections(trx, collections, await productIdsOfVariants(trx, [...new Set(variantIds)]));
}

function productUuids(ids: readonly string[], field: string[]): string[] {
  return ids.map((id, i) => {
    const uuid = decodeIdOf('Product', id);
    if (!uuid) throw DomainError.one('INVALID', 'This product does not exist.', [...field, String(i)]);
    return uuid;
  });
}

export interface CollectionInputRaw {
  title?: string | null;
  handle?: string | null;
  description?: string | null;
  kind?: CollectionKind | null;
  match?: CollectionRuleMatch | null;
  rules?: { field: string; relation: string; value: string }[] | null;
  productIds?: string[] | null;
  version?: number | null;
}

/** Makes a collection; `id` only when undo brings a deleted one back under its old ID. */
export async function collectionCreate(
  trx: Tx,
  actor: Actor,
  raw: CollectionInputRaw,
  id: string = uuidv7(),
): Promise<Collection> {
  const parsed = validate(collectionSchema(await currencyOf(trx)), { ...raw, kind: raw.kind ?? 'MANUAL' }, [
    'input',
  ]);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const input = parsed.value;
  if (input.kind === 'AUTOMATED' && raw.productIds?.length) {
    throw DomainError.one('INVALID', 'An automated collection picks its products by its rules.', [
      'input',
      'productIds',
    ]);
  }
  const productIds = productUuids(raw.productIds ?? [], ['input', 'productIds']);
  const handle = await uniqueHandle(trx, 'collections', input.handle, input.title, null);
  const row = await repo.insertCollection(trx, {
    id,
    title: input.title,
    handle,
    description: input.description,
    kind: input.kind,
    match: input.match,
    rules: input.rules,
  });
  if (input.kind === 'AUTOMATED') await syncAutomatedCollections(trx, 'all', row.id);
  else await addProducts(trx, row.id, productIds);
  await recordAudit(trx, actor, {
    action: 'collection.create',
    subjectType: 'Collection',
    subjectId: row.id,
    changes: diff(null, row, AUDITED),
  });
  return (await repo.findCollection(trx, row.id))!;
}

export async function collectionUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  raw: CollectionInputRaw,
): Promise<Collection> {
  const currency = await currencyOf(trx);
  const before = await repo.lockCollection(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This collection does not exist.', ['id']);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('collection'), ['input', 'version']);
  if (raw.kind && raw.kind !== before.kind)
    throw DomainError.one(
      'INVALID',
      'A collection cannot change between manual and automated; make a new one.',
      ['input', 'kind'],
    );
  const parsed = validate(
    collectionSchema(currency),
    {
      title: raw.title ?? before.title,
      handle: raw.handle ?? before.handle,
      description: raw.description ?? before.description,
      kind: before.kind,
      match: raw.match ?? before.match,
      rules: raw.rules ?? before.rules,
    },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const input = parsed.value;
  const handle =
    input.handle === before.handle
      ? before.handle
      : await uniqueHandle(trx, 'collections', input.handle, input.title, id);
  const after = await repo.updateCollection(trx, id, {
    title: input.title,
    handle,
    description: input.description,
    match: input.match,
    rules: input.rules,
  });
  if (after.kind === 'AUTOMATED') await syncAutomatedCollections(trx, 'all', id);
  await recordAudit(trx, actor, {
    action: 'collection.update',
    subjectType: 'Collection',
    subjectId: id,
    changes: diff(before, after, AUDITED),
  });
  return (await repo.findCollection(trx, id))!;
}

export async function collectionDelete(trx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await repo.lockCollection(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This collection does not exist.', ['id']);
  // A manual collection's members, in order, so undo can bring it back whole (up to a bound).
  const members = before.kind === 'MANUAL' ? await repo.collectionMemberIds(trx, id) : [];
  await repo.deleteCollection(trx, id);
  await recordAudit(trx, actor, {
    action: 'collection.delete',
    subjectType: 'Collection',
    subjectId: id,
    changes: {
      ...diff(before, {}, AUDITED),
      ...(members.length && members.length <= MAX_RECORDED_MEMBERS
        ? { products: { before: members.map((m) => encodeId('Product', m)), after: null } }
        : {}),
    },
  });
}

/** For undo of a delete: the ones of these products that still exist. */
export async function productsStillThere(trx: Tx, productIds: readonly string[]): Promise<string[]> {
  const uuids = productIds.flatMap((id) => decodeIdOf('Product', id) ?? []);
  const there = new Set(await existingProductIds(trx, uuids));
  return productIds.filter((id) => there.has(decodeIdOf('Product', id) ?? ''));
}

async function addProducts(trx: Tx, collectionId: string, productIds: string[]): Promise<number> {
  if (!productIds.length) return 0;
  const unique = [...new Set(productIds)];
  if ((await existingProductIds(trx, unique)).length !== unique.length)
    throw DomainError.one('INVALID', 'Some of these products do not exist.', ['productIds']);
  const added = await repo.appendCollectionMembers(trx, collectionId, unique);
  await repo.refreshCollectionCount(trx, collectionId);
  return added;
}

/** Locks a manual collection for a change of its members; an automated one is refused. */
async function lockManualCollection(trx: Tx, id: string): Promise<Collection> {
  const c = await repo.lockCollection(trx, id);
  if (!c) throw DomainError.one('INVALID', 'This collection does not exist.', ['id']);
  if (c.kind !== 'MANUAL')
    throw DomainError.one(
      'INVALID',
      'An automated collection picks its products by its rules; change the rules instead.',
      ['id'],
    );
  return c;
}

export async function collectionAddProducts(
  trx: Tx,
  actor: Actor,
  id: string,
  productIdsRaw: string[],
): Promise<Collection> {
  const productIds = productUuids(productIdsRaw, ['productIds']);
  await lockManualCollection(trx, id);
  const added = await addProducts(trx, id, productIds);
  await recordAudit(trx, actor, {
    action: 'collection.products_add',
    subjectType: 'Collection',
    subjectId: id,
    changes: { products: { before: null, after: added } },
  });
  return (await repo.findCollection(trx, id))!;
}

export async function collectionRemoveProducts(
  trx: Tx,
  actor: Actor,
  id: string,
  productIdsRaw: string[],
): Promise<Collection> {
  const productIds = productUuids(productIdsRaw, ['productIds']);
  await lockManualCollection(trx, id);
  const removed = await repo.removeCollectionMembers(trx, id, productIds);
  await repo.refreshCollectionCount(trx, id);
  await recordAudit(trx, actor, {
    action: 'collection.products_remove',
    subjectType: 'Collection',
    subjectId: id,
    changes: { products: { before: removed, after: null } },
  });
  return (await repo.findCollection(trx, id))!;
}

/** Sets the order of a manual collection: the given products first, in that order, the rest after as they were. */
export async function collectionReorderProducts(
  trx: Tx,
  actor: Actor,
  id: string,
  productIdsRaw: string[],
): Promise<Collection> {
  const productIds = productUuids(productIdsRaw, ['productIds']);
  await lockManualCollection(trx, id);
  const current = await repo.collectionMemberIds(trx, id);
  const members = new Set(current);
  if (productIds.some((p) => !members.has(p)))
    throw DomainError.one('INVALID', 'Only products in the collection can be ordered.', ['productIds']);
  const order = [...new Set(productIds), ...current.filter((p) => !productIds.includes(p))];
  for (const [i, productId] of order.entries()) await repo.setMemberPosition(trx, id, productId, i);
  await recordAudit(trx, actor, {
    action: 'collection.products_reorder',
    subjectType: 'Collection',
    subjectId: id,
    changes: { order: { before: current, after: order } },
  });
  return (await repo.findCollection(trx, id))!;
}

/** For other modules (discounts): which of these collections exist, by id. */
export function collectionsByIds(db: Executor, ids: readonly string[]): Promise<Collection[]> {
  return ids.length ? repo.findCollectionsByIds(db, ids) : Promise.resolve([]);
}

/** For other modules (discounts): the collections each product is in. */
export async function collectionIdsOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  if (!productIds.length) return byProduct;
  for (const row of await repo.collectionsOfProducts(db, [...new Set(productIds)])) {
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.collection.id]);
  }
  return byProduct;
}
