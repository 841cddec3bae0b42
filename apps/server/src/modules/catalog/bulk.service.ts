import { decodeIdOf, tagsSchema, validate, type ProductStatus } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { getSettings } from '../settings/settings.repository.js';
import { syncAutomatedCollections } from './collection.service.js';
import { productSearchCondition } from './product-search.js';
import { orderCountsOfProducts } from './product.repository.js';

/** At most this many products change in one request; larger selections go through a BULK_EDIT job. */
export const MAX_BULK_PRODUCTS = 10_000;

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

async function targetIds(db: DB, target: BulkTarget): Promise<string[]> {
  if (target.ids?.length && target.query != null) throw UserErrors.one('INVALID', 'Give either ids or a query, not both.', ['ids']);
  if (target.ids) {
    return target.ids.map((id, i) => {
      const uuid = decodeIdOf('Product', id);
      if (!uuid) throw UserErrors.one('INVALID', 'This product does not exist.', ['ids', String(i)]);
      return uuid;
    });
  }
  const currency = (await getSettings(db)).currency_code.trim();
  const search = productSearchCondition(target.query ?? '', currency);
  if ('errors' in search) throw new UserErrors(search.errors);
  let q = db.selectFrom('products as p').select('p.id');
  if (search.condition) q = q.where(search.condition);
  const rows = await q.limit(MAX_BULK_PRODUCTS + 1).execute();
  return rows.map((r) => r.id);
}

/**
 * One action on many products, in one transaction, with an audit event per product changed.
 * Returns how many products it changed.
 */
export async function productsBulkUpdate(db: DB, actor: Actor, target: BulkTarget, action: BulkAction): Promise<number> {
  const chosen = [action.setStatus, action.addTags, action.removeTags, action.addToCollectionId, action.delete].filter((a) => a != null && a !== false);
  if (chosen.length !== 1) throw UserErrors.one('INVALID', 'Choose exactly one action.', ['action']);
  const ids = [...new Set(await targetIds(db, target))];
  if (ids.length > MAX_BULK_PRODUCTS) {
    throw UserErrors.one('LIMIT_EXCEEDED', `One bulk edit can change at most ${MAX_BULK_PRODUCTS.toLocaleString('en-US')} products; narrow the search.`, ['query']);
  }
  if (!ids.length) return 0;
  const tags = (list: string[] | null | undefined, field: string) => {
    const parsed = validate(tagsSchema, list ?? [], ['action', field]);
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    return parsed.value;
  };
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('products').select(['id', 'status', 'tags']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
    if (before.length !== ids.length && target.ids) throw UserErrors.one('INVALID', 'Some of these products do not exist.', ['ids']);
    let changed = 0;
    if (action.setStatus) {
      const status = action.setStatus;
      const rows = await trx
        .updateTable('products')
        .set({ status, published_at: sql`case when ${status} = 'ACTIVE' then coalesce(published_at, now()) else published_at end`, updated_at: sql`now()`, version: sql`version + 1` })
        .where('id', 'in', ids)
        .where('status', '!=', status)
        .returning('id')
        .execute();
      for (const r of rows) {
        const b = before.find((x) => x.id === r.id)!;
        await recordAudit(trx, actor, { action: 'product.update', subjectType: 'Product', subjectId: r.id, changes: { status: { before: b.status, after: status } } });
      }
      changed = rows.length;
    } else if (action.addTags || action.removeTags) {
      const add = action.addTags ? tags(action.addTags, 'addTags') : [];
      const remove = new Set((action.removeTags ? tags(action.removeTags, 'removeTags') : []).map((t) => t.toLowerCase()));
      for (const b of before) {
        const next = [...b.tags.filter((t) => !remove.has(t.toLowerCase()))];
        for (const t of add) if (!next.some((x) => x.toLowerCase() === t.toLowerCase())) next.push(t);
        if (JSON.stringify(next) === JSON.stringify(b.tags)) continue;
        if (next.length > 250) throw UserErrors.one('LIMIT_EXCEEDED', 'A product can have at most 250 tags.', ['action', 'addTags']);
        await trx
          .updateTable('products')
          .set({ tags: next, tag_keys: next.map((t) => t.toLowerCase()), updated_at: sql`now()`, version: sql`version + 1` })
          .where('id', '=', b.id)
          .execute();
        await recordAudit(trx, actor, { action: 'product.update', subjectType: 'Product', subjectId: b.id, changes: { tags: { before: b.tags, after: next } } });
        changed++;
      }
    } else if (action.addToCollectionId) {
      const collectionId = decodeIdOf('Collection', action.addToCollectionId);
      const collection = collectionId ? await trx.selectFrom('collections').selectAll().where('id', '=', collectionId).forUpdate().executeTakeFirst() : undefined;
      if (!collection) throw UserErrors.one('INVALID', 'This collection does not exist.', ['action', 'addToCollectionId']);
      if (collection.kind !== 'MANUAL') throw UserErrors.one('INVALID', 'An automated collection picks its products by its rules.', ['action', 'addToCollectionId']);
      const last = await trx.selectFrom('collection_products').select(sql<number>`coalesce(max(position), -1)`.as('p')).where('collection_id', '=', collection.id).executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('collection_products')
        .values(ids.map((product_id, i) => ({ collection_id: collection.id, product_id, position: Number(last.p) + 1 + i })))
        .onConflict((oc) => oc.doNothing())
        .returning('product_id')
        .execute();
      await sql`update collections set product_count = (select count(*) from collection_products where collection_id = ${collection.id}) where id = ${collection.id}`.execute(trx);
      await recordAudit(trx, actor, { action: 'collection.products_add', subjectType: 'Collection', subjectId: collection.id, changes: { products: { before: null, after: inserted.length } } });
      return inserted.length;
    } else {
      const ordered = await orderCountsOfProducts(trx, ids);
      if (ordered.size) {
        const titles = await trx.selectFrom('products').select('title').where('id', 'in', [...ordered.keys()]).orderBy('title').limit(3).execute();
        throw UserErrors.one(
          'HAS_DEPENDENTS',
          `${ordered.size} of these products ${ordered.size === 1 ? 'is' : 'are'} on orders (${titles.map((t) => t.title).join(', ')}${ordered.size > 3 ? ', …' : ''}); archive them instead. Nothing was deleted.`,
          ['action', 'delete'],
        );
      }
      const rows = await trx.deleteFrom('products').where('id', 'in', ids).returning(['id', 'title']).execute();
      for (const r of rows) {
        await recordAudit(trx, actor, { action: 'product.delete', subjectType: 'Product', subjectId: r.id, changes: { title: { before: r.title, after: null } } });
      }
      return rows.length;
    }
    await syncAutomatedCollections(trx, ids);
    return changed;
  });
}
