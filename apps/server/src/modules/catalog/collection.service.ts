import { collectionSchema, decodeIdOf, MESSAGES, validate } from '@stockroom/domain';
import { uniqueHandle } from '../../lib/handles.js';
import { sql } from 'kysely';
import type { DB, Executor } from '../../db/database.js';
import type { CollectionRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { getSettings } from '../settings/settings.repository.js';
import { rulesCondition } from './collection-rules.js';

const AUDITED = ['title', 'handle', 'description', 'kind', 'rules', 'match'] as const;

async function currencyOf(db: Executor): Promise<string> {
  return (await getSettings(db)).currency_code.trim();
}

async function refreshCount(trx: Executor, collectionId: string): Promise<void> {
  await sql`update collections set product_count = (select count(*) from collection_products where collection_id = ${collectionId}) where id = ${collectionId}`.execute(trx);
}

/**
 * Brings automated collections' membership up to date: for the given products (after they changed),
 * or for every product (after a collection's rules changed). Call inside the change's transaction.
 */
export async function syncAutomatedCollections(
  trx: Executor,
  productIds: string[] | 'all',
  onlyCollectionId?: string,
  onlyInventoryRules = false,
): Promise<void> {
  if (productIds !== 'all' && !productIds.length) return;
  // In id order, so concurrent syncs lock collections in the same order.
  let q = trx.selectFrom('collections').selectAll().where('kind', '=', 'AUTOMATED').orderBy('id');
  if (onlyCollectionId) q = q.where('id', '=', onlyCollectionId);
  if (onlyInventoryRules) q = q.where(sql<boolean>`rules @> '[{"field": "inventory"}]'::jsonb`);
  const collections = await q.execute();
  if (!collections.length) return;
  const currency = await currencyOf(trx);
  const scope = productIds === 'all' ? sql<boolean>`true` : sql<boolean>`p.id in (${sql.join(productIds)})`;
  for (const c of collections) {
    const cond = rulesCondition(c.rules, c.match, currency);
    await sql`delete from collection_products cp using products p
      where cp.collection_id = ${c.id} and cp.product_id = p.id and ${scope} and not coalesce(${cond}, false)`.execute(trx);
    await sql`insert into collection_products (collection_id, product_id, position)
      select ${c.id}, p.id, 0 from products p where ${scope} and ${cond}
      on conflict do nothing`.execute(trx);
    await refreshCount(trx, c.id);
  }
}

function productUuids(ids: readonly string[], field: string[]): string[] {
  return ids.map((id, i) => {
    const uuid = decodeIdOf('Product', id);
    if (!uuid) throw UserErrors.one('INVALID', 'This product does not exist.', [...field, String(i)]);
    return uuid;
  });
}

export interface CollectionInputRaw {
  title?: string | null;
  handle?: string | null;
  description?: string | null;
  kind?: 'MANUAL' | 'AUTOMATED' | null;
  match?: 'ALL' | 'ANY' | null;
  rules?: { field: string; relation: string; value: string }[] | null;
  productIds?: string[] | null;
  version?: number | null;
}

export async function collectionCreate(db: DB, actor: Actor, raw: CollectionInputRaw): Promise<CollectionRow> {
  const parsed = validate(collectionSchema(await currencyOf(db)), { ...raw, kind: raw.kind ?? 'MANUAL' }, ['input']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  const input = parsed.value;
  if (input.kind === 'AUTOMATED' && raw.productIds?.length) {
    throw UserErrors.one('INVALID', 'An automated collection picks its products by its rules.', ['input', 'productIds']);
  }
  const productIds = productUuids(raw.productIds ?? [], ['input', 'productIds']);
  return db.transaction().execute(async (trx) => {
    const handle = await uniqueHandle(trx, 'collections', input.handle, input.title, null);
    const row = await trx
      .insertInto('collections')
      .values({ id: uuidv7(), title: input.title, handle, description: input.description, kind: input.kind, match: input.match, rules: JSON.stringify(input.rules) })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (input.kind === 'AUTOMATED') await syncAutomatedCollections(trx, 'all', row.id);
    else await addProducts(trx, row.id, productIds);
    await recordAudit(trx, actor, { action: 'collection.create', subjectType: 'Collection', subjectId: row.id, changes: diff(null, row, AUDITED) });
    return trx.selectFrom('collections').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  });
}

export async function collectionUpdate(db: DB, actor: Actor, id: string, raw: CollectionInputRaw): Promise<CollectionRow> {
  const currency = await currencyOf(db);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('collections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This collection does not exist.', ['id']);
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', MESSAGES.staleVersion('collection'), ['input', 'version']);
    if (raw.kind && raw.kind !== before.kind) throw UserErrors.one('INVALID', 'A collection cannot change between manual and automated; make a new one.', ['input', 'kind']);
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
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    const input = parsed.value;
    const handle = input.handle === before.handle ? before.handle : await uniqueHandle(trx, 'collections', input.handle, input.title, id);
    const after = await trx
      .updateTable('collections')
      .set({ title: input.title, handle, description: input.description, match: input.match, rules: JSON.stringify(input.rules), updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (after.kind === 'AUTOMATED') await syncAutomatedCollections(trx, 'all', id);
    await recordAudit(trx, actor, { action: 'collection.update', subjectType: 'Collection', subjectId: id, changes: diff(before, after, AUDITED) });
    return trx.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

export async function collectionDelete(db: DB, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('collections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This collection does not exist.', ['id']);
    await trx.deleteFrom('collections').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'collection.delete', subjectType: 'Collection', subjectId: id, changes: diff(before, {}, AUDITED) });
  });
}

async function addProducts(trx: Executor, collectionId: string, productIds: string[]): Promise<number> {
  if (!productIds.length) return 0;
  const found = await trx.selectFrom('products').select('id').where('id', 'in', productIds).execute();
  if (found.length !== new Set(productIds).size) throw UserErrors.one('INVALID', 'Some of these products do not exist.', ['productIds']);
  const last = await trx
    .selectFrom('collection_products')
    .select(sql<number>`coalesce(max(position), -1)`.as('p'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  const start = Number(last.p) + 1;
  const inserted = await trx
    .insertInto('collection_products')
    .values([...new Set(productIds)].map((product_id, i) => ({ collection_id: collectionId, product_id, position: start + i })))
    .onConflict((oc) => oc.doNothing())
    .returning('product_id')
    .execute();
  await refreshCount(trx, collectionId);
  return inserted.length;
}

async function manualCollection(trx: Executor, id: string): Promise<CollectionRow> {
  const c = await trx.selectFrom('collections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!c) throw UserErrors.one('INVALID', 'This collection does not exist.', ['id']);
  if (c.kind !== 'MANUAL') throw UserErrors.one('INVALID', 'An automated collection picks its products by its rules; change the rules instead.', ['id']);
  return c;
}

export async function collectionAddProducts(db: DB, actor: Actor, id: string, productIdsRaw: string[]): Promise<CollectionRow> {
  const productIds = productUuids(productIdsRaw, ['productIds']);
  return db.transaction().execute(async (trx) => {
    await manualCollection(trx, id);
    const added = await addProducts(trx, id, productIds);
    await recordAudit(trx, actor, { action: 'collection.products_add', subjectType: 'Collection', subjectId: id, changes: { products: { before: null, after: added } } });
    return trx.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

export async function collectionRemoveProducts(db: DB, actor: Actor, id: string, productIdsRaw: string[]): Promise<CollectionRow> {
  const productIds = productUuids(productIdsRaw, ['productIds']);
  return db.transaction().execute(async (trx) => {
    await manualCollection(trx, id);
    const removed = productIds.length
      ? await trx.deleteFrom('collection_products').where('collection_id', '=', id).where('product_id', 'in', productIds).returning('product_id').execute()
      : [];
    await refreshCount(trx, id);
    await recordAudit(trx, actor, { action: 'collection.products_remove', subjectType: 'Collection', subjectId: id, changes: { products: { before: removed.length, after: null } } });
    return trx.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Sets the order of a manual collection: the given products first, in that order, the rest after as they were. */
export async function collectionReorderProducts(db: DB, actor: Actor, id: string, productIdsRaw: string[]): Promise<CollectionRow> {
  const productIds = productUuids(productIdsRaw, ['productIds']);
  return db.transaction().execute(async (trx) => {
    await manualCollection(trx, id);
    const current = await trx.selectFrom('collection_products').select('product_id').where('collection_id', '=', id).orderBy('position').orderBy('product_id').execute();
    const members = new Set(current.map((r) => r.product_id));
    const missing = productIds.find((p) => !members.has(p));
    if (missing) throw UserErrors.one('INVALID', 'Only products in the collection can be ordered.', ['productIds']);
    const order = [...new Set(productIds), ...current.map((r) => r.product_id).filter((p) => !productIds.includes(p))];
    for (const [i, productId] of order.entries()) {
      await trx.updateTable('collection_products').set({ position: i }).where('collection_id', '=', id).where('product_id', '=', productId).execute();
    }
    await recordAudit(trx, actor, { action: 'collection.products_reorder', subjectType: 'Collection', subjectId: id, changes: { order: { before: current.map((r) => r.product_id), after: order } } });
    return trx.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** After stock moved: collections with inventory rules follow the products of these variants. */
export async function syncInventoryCollections(trx: Executor, variantIds: string[]): Promise<void> {
  if (!variantIds.length) return;
  const products = await trx.selectFrom('product_variants').select('product_id').distinct().where('id', 'in', variantIds).execute();
  await syncAutomatedCollections(trx, products.map((p) => p.product_id), undefined, true);
}
