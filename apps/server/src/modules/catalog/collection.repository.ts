import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { containsPattern } from '../../lib/search-sql.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';
import type { CollectionRow } from './catalog.tables.js';
import { collectionRow, productRow, toProduct, type Collection, type Product } from './catalog.model.js';
import { rulesCondition } from './collection-rules.repository.js';

export async function findCollection(db: Executor, id: string): Promise<Collection | undefined> {
  const row = await db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
  return row && collectionRow.of(row);
}

export async function findCollectionsByIds(db: Executor, ids: readonly string[]): Promise<Collection[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('collections').selectAll().where('id', 'in', ids).execute()).map(
    collectionRow.of,
  );
}

export async function lockCollection(db: Executor, id: string): Promise<Collection | undefined> {
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && collectionRow.of(row);
}

/** What a collection's create or update writes. */
export type CollectionWrite = Pick<Collection, 'title' | 'handle' | 'description' | 'match' | 'rules'>;

export async function insertCollection(
  db: Executor,
  c: CollectionWrite & Pick<Collection, 'id' | 'kind'>,
): Promise<Collection> {
  const row: CollectionRow = await db
    .insertInto('collections')
    .values(collectionRow.write(c))
    .returningAll()
    .executeTakeFirstOrThrow();
  return collectionRow.of(row);
}

/** Updates and bumps the version. */
export async function updateCollection(
  db: Executor,
  id: string,
  changes: CollectionWrite,
): Promise<Collection> {
  const row: CollectionRow = await db
    .updateTable('collections')
    .set({ ...collectionRow.write(changes), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return collectionRow.of(row);
}

export async function deleteCollection(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** Automated collections in id order (so concurrent syncs lock them in the same order), optionally one, or those with an inventory rule. */
export async function automatedCollections(
  db: Executor,
  filter: { onlyId?: string | undefined; onlyInventoryRules?: boolean },
): Promise<Collection[]> {
  let q = db.selectFrom('collections').selectAll().where('kind', '=', 'AUTOMATED').orderBy('id');
  if (filter.onlyId) q = q.where('id', '=', filter.onlyId);
  if (filter.onlyInventoryRules) q = q.where(sql<boolean>`rules @> '[{"field": "inventory"}]'::jsonb`);
  return (await q.execute()).map(collectionRow.of);
}

/**
 * Makes an automated collection's membership follow its rules, over the given products or all of
 * them: members that no longer match leave, products that match join.
 */
export async function syncRuleMembers(
  db: Executor,
  collection: Collection,
  productIds: readonly string[] | 'all',
  currency: string,
): Promise<void> {
  const scope = productIds === 'all' ? sql<boolean>`true` : sql<boolean>`p.id in (${sql.join(productIds)})`;
  const cond = rulesCondition(collection.rules, collection.match, currency);
  await sql`delete from collection_products cp using products p
    where cp.collection_id = ${collection.id} and cp.product_id = p.id and ${scope} and not coalesce(${cond}, false)`.execute(
    db,
  );
  await sql`insert into collection_products (collection_id, product_id, position)
    select ${collection.id}, p.id, 0 from products p where ${scope} and ${cond}
    on conflict do nothing`.execute(db);
}

/** Recounts the collection's members into its product_count. */
export async function refreshCollectionCount(db: Executor, collectionId: string): Promise<void> {
  await sql`update collections set product_count = (select count(*) from collection_products where collection_id = ${collectionId}) where id = ${collectionId}`.execute(
    db,
  );
}

/** Adds products after the collection's last member, in the given order (members already in stay where they are); returns how many joined. */
export async function appendCollectionMembers(
  db: Executor,
  collectionId: string,
  productIds: readonly string[],
): Promise<number> {
  if (!productIds.length) return 0;
  const last = await db
    .selectFrom('collection_products')
    .select(sql<number>`coalesce(max(position), -1)`.as('p'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  const start = Number(last.p) + 1;
  const inserted = await db
    .insertInto('collection_products')
    .values(
      productIds.map((product_id, i) => ({ collection_id: collectionId, product_id, position: start + i })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('product_id')
    .execute();
  return inserted.length;
}

/** Returns how many of these products left the collection. */
export async function removeCollectionMembers(
  db: Executor,
  collectionId: string,
  productIds: readonly string[],
): Promise<number> {
  if (!productIds.length) return 0;
  const removed = await db
    .deleteFrom('collection_products')
    .where('collection_id', '=', collectionId)
    .where('product_id', 'in', productIds)
    .returning('product_id')
    .execute();
  return removed.length;
}

/** The collection's product ids in its order. */
export async function collectionMemberIds(db: Executor, collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('collection_products')
    .select('product_id')
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('product_id')
    .execute();
  return rows.map((r) => r.product_id);
}

export async function setMemberPosition(
  db: Executor,
  collectionId: string,
  productId: string,
  position: number,
): Promise<void> {
  await db
    .updateTable('collection_products')
    .set({ position })
    .where('collection_id', '=', collectionId)
    .where('product_id', '=', productId)
    .execute();
}

/** The collections each of these products is in, by title, with the product's id beside each. */
export async function collectionsOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<{ productId: string; collection: Collection }[]> {
  const rows = await db
    .selectFrom('collection_products as cp')
    .innerJoin('collections as c', 'c.id', 'cp.collection_id')
    .selectAll('c')
    .select('cp.product_id')
    .where('cp.product_id', 'in', productIds)
    .orderBy('c.title')
    .execute();
  return rows.map(({ product_id, ...c }) => ({ productId: product_id, collection: collectionRow.of(c) }));
}

/** Collections whose title contains the words (all of them when empty), for a page and for its count. */
function collectionListQuery(db: Executor, words: string) {
  let query = db.selectFrom('collections as c').selectAll('c');
  if (words) query = query.where(sql<boolean>`c.title ilike ${containsPattern(words)}`);
  return query;
}

/** A keyset page of collections by title. */
export async function pageCollections(
  db: Executor,
  words: string,
  page: PageArgs,
): Promise<Page<Collection>> {
  const sort = {
    expression: 'lower(c.title)',
    cast: 'text',
    idColumn: 'c.id',
  } as const;
  return mapPage(await keysetPage(collectionListQuery(db, words), sort, false, page), collectionRow.of);
}

export function countCollections(db: Executor, words: string): Promise<Count> {
  return cappedCount(db, collectionListQuery(db, words));
}

function memberQuery(db: Executor, collectionId: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('collection_products as cp', 'cp.product_id', 'p.id')
    .select(productRow.columnsOf('p'))
    .select('cp.position as member_position')
    .where('cp.collection_id', '=', collectionId);
}

/** A keyset page of the collection's products in its order. */
export async function pageCollectionProducts(
  db: Executor,
  collectionId: string,
  page: PageArgs,
): Promise<Page<Product>> {
  const sort = {
    expression: 'cp.position',
    cast: 'integer',
    idColumn: 'p.id',
  } as const;
  return mapPage(await keysetPage(memberQuery(db, collectionId), sort, false, page), toProduct);
}

export function countCollectionProducts(db: Executor, collectionId: string): Promise<Count> {
  return cappedCount(db, memberQuery(db, collectionId));
}
