import { sql, type RawBuilder } from 'kysely';
import { AVAILABLE_SQL, type ProductStatus } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';
import { productRow, toProduct, type Product } from './catalog.model.js';
import {
  pageLocations,
  productPageColumns,
  relationsOfPageRows,
  type ProductPageRelations,
  type ProductPageWants,
} from './product-page.repository.js';

export async function findProduct(db: Executor, id: string): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products')
    .select(productRow.columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProduct(row);
}

export async function findProductsByIds(db: Executor, ids: readonly string[]): Promise<Product[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('products').select(productRow.columns).where('id', 'in', ids).execute()).map(
    toProduct,
  );
}

/** Which of these ids are products. */
export async function existingProductIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Locks the product row for the rest of the transaction (edits of one product queue up). */
export async function lockProduct(db: Executor, id: string): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products')
    .select(productRow.columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && toProduct(row);
}

/** Locks these products in id order (so concurrent bulk edits cannot deadlock) and returns what a bulk edit changes. */
export function lockProductsForBulk(db: Executor, ids: readonly string[]) {
  return db
    .selectFrom('products')
    .select(['id', 'status', 'tags'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What a product's create or update writes (the list columns follow from its variants). */
export type ProductWrite = Pick<
  Product,
  | 'title'
  | 'handle'
  | 'description'
  | 'status'
  | 'vendor'
  | 'productType'
  | 'categoryId'
  | 'tags'
  | 'options'
  | 'seoTitle'
  | 'seoDescription'
>;

/** The product's columns, with the tags' search keys (lowercase) that follow from its tags. */
function productColumns(p: ProductWrite) {
  return { ...productRow.write(p), tag_keys: p.tags.map((t) => t.toLowerCase()) };
}

/** Inserts a product; `publish` stamps it published now (by the database clock). */
export async function insertProduct(
  db: Executor,
  id: string,
  product: ProductWrite,
  publish = false,
): Promise<Product> {
  const row = await db
    .insertInto('products')
    .values({
      ...productColumns(product),
      id,
      min_price: null,
      max_price: null,
      published_at: publish ? sql<Date>`now()` : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProduct(row);
}

/** Inserts products in one statement (an import's chunk, issue #29); `publish` as insertProduct's. */
export async function insertProducts(
  db: Executor,
  products: readonly { id: string; product: ProductWrite; publish: boolean }[],
): Promise<Product[]> {
  if (!products.length) return [];
  const rows = await db
    .insertInto('products')
    .values(
      products.map((p) => ({
        ...productColumns(p.product),
        id: p.id,
        min_price: null,
        max_price: null,
        published_at: p.publish ? sql<Date>`now()` : null,
      })),
    )
    .returningAll()
    .execute();
  return rows.map(toProduct);
}

/**
 * Updates and bumps the version. `publish` stamps a product published now unless it was before
 * (the first activation is its publication time).
 */
export async function updateProduct(
  db: Executor,
  id: string,
  changes: ProductWrite,
  publish = false,
): Promise<Product | undefined> {
  const row = await db
    .updateTable('products')
    .set({
      ...productColumns(changes),
      ...(publish ? { published_at: sql<Date>`coalesce(published_at, now())` } : {}),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toProduct(row);
}

/** Marks the product changed (its media changed) without touching its fields. */
export async function touchProduct(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Sets the status of those products not in it already (publishing the newly active); returns the changed ids. */
export async function setStatusOfProducts(
  db: Executor,
  ids: readonly string[],
  status: ProductStatus,
): Promise<string[]> {
  const rows = await db
    .updateTable('products')
    .set({
      status,
      published_at: sql`case when ${status} = 'ACTIVE' then coalesce(published_at, now()) else published_at end`,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', 'in', ids)
    .where('status', '!=', status)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function setProductTags(db: Executor, id: string, tags: string[]): Promise<void> {
  await db
    .updateTable('products')
    .set({
      tags,
      tag_keys: tags.map((t) => t.toLowerCase()),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteProduct(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Deletes these products (their variants, media and memberships go with them); returns what was deleted. */
export function deleteProducts(db: Executor, ids: readonly string[]) {
  return db.deleteFrom('products').where('id', 'in', ids).returning(['id', 'title']).execute();
}

/** The first titles of these products, A to Z (to name a few in a message). */
export async function someProductTitles(
  db: Executor,
  ids: readonly string[],
  limit: number,
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('products')
    .select('title')
    .where('id', 'in', ids)
    .orderBy('title')
    .limit(limit)
    .execute();
  return rows.map((r) => r.title);
}

/**
 * Recomputes what the product list keeps about a product's variants: count, price range and search
 * text on the product, and its units available in product_stock (no row when no variant tracks stock).
 */
export async function refreshProductSummary(db: Executor, productId: string): Promise<void> {
  await refreshProductSummaries(db, [productId]);
}

/** refreshProductSummary of many products, in the same two statements. */
export async function refreshProductSummaries(db: Executor, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  const ids = sql`${[...productIds]}::uuid[]`;
  await sql`
    update products p set
      variant_count = s.n,
      min_price = s.min_price,
      max_price = s.max_price,
      search_text = concat_ws(' ', p.title, p.handle, p.vendor, p.product_type, s.codes)
    from (
      select x.id as product_id, count(v.id)::int as n, min(v.price) as min_price,
             max(v.price) as max_price,
             string_agg(concat_ws(' ', v.sku, v.barcode), ' ') filter (where v.id is not null) as codes
      from unnest(${ids}) as x(id) left join product_variants v on v.product_id = x.id
      group by x.id
    ) s
    where p.id = s.product_id`.execute(db);
  await sql`
    with s as (${trackedAvailable(productIds)}),
    gone as (delete from product_stock where product_id = any(${ids})
      and product_id not in (select product_id from s))
    insert into product_stock (product_id, total_available)
    select product_id, available from s
    on conflict (product_id) do update set total_available = excluded.total_available`.execute(db);
}

/** Recomputes every product's units available from its levels (after the seed writes levels directly). */
export async function refreshAllProductsAvailable(db: Executor): Promise<void> {
  await sql`delete from product_stock`.execute(db);
  await sql`insert into product_stock (product_id, total_available) ${trackedAvailable(null)}`.execute(db);
}

/**
 * Units available per product (of one, or of all) over its variants that track stock, as the
 * domain counts a level's available units; a product with none tracked has no row.
 */
function trackedAvailable(productIds: readonly string[] | null) {
  return sql<{ product_id: string; available: number }>`
    select v.product_id, coalesce(sum(${sql.raw(AVAILABLE_SQL('l'))}), 0)::int as available
    from product_variants v left join inventory_levels l on l.variant_id = v.id
    where v.track_inventory ${productIds ? sql`and v.product_id = any(${[...productIds]}::uuid[])` : sql``}
    group by v.product_id`;
}

export const PRODUCT_SORT_KEYS = {
  TITLE: {
    description: 'A to Z.',
    expression: 'lower(p.title)',
    cast: 'text',
    descending: false,
  },
  UPDATED_AT: {
    description: 'Most recently changed first (reverse: oldest first).',
    expression: 'p.updated_at',
    cast: 'timestamptz',
    descending: true,
  },
  CREATED_AT: {
    description: 'Newest first.',
    expression: 'p.created_at',
    cast: 'timestamptz',
    descending: true,
  },
  PRICE: {
    description: 'Lowest price first.',
    expression: 'p.min_price',
    cast: 'bigint',
    nullable: true,
    descending: false,
  },
  VENDOR: {
    description: 'By vendor, A to Z; products without one last.',
    expression: 'lower(p.vendor)',
    cast: 'text',
    nullable: true,
    descending: false,
  },
  PRODUCT_TYPE: {
    description: 'By product type, A to Z; products without one last.',
    expression: 'lower(p.product_type)',
    cast: 'text',
    nullable: true,
    descending: false,
  },
  VARIANT_COUNT: {
    description: 'Fewest variants first.',
    expression: 'p.variant_count',
    cast: 'integer',
    descending: false,
  },
  INVENTORY: {
    description: 'Fewest units available first; products that track no stock last.',
    expression: 'ps.total_available',
    cast: 'integer',
    nullable: true,
    descending: false,
  },
} as const satisfies Record<string, SortChoice>;

export type ProductSortKey = keyof typeof PRODUCT_SORT_KEYS;

/** The filtered product query (no order, no limit), for a page and for its count. */
function productListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  // product_stock rides along (one index probe a row): the list shows and sorts by units available.
  // A count clears the select, and PostgreSQL then drops the unused left join.
  let q = db
    .selectFrom('products as p')
    .leftJoin('product_stock as ps', 'ps.product_id', 'p.id')
    .select(productRow.columnsOf('p'))
    .select('ps.total_available');
  if (condition) q = q.where(condition);
  return q;
}

/** A page of products, with what its rows show beside them when the caller asked for it. */
export type ProductPage = Page<Product> & { relations: ProductPageRelations | null };

/**
 * One keyset page of the products matching the condition; `reverse` flips the sort key's natural
 * direction. `include` names the relations the caller will show: they come in the same statement,
 * as JSON columns computed for the page's rows only.
 */
export async function pageProducts(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: ProductSortKey,
  reverse: boolean,
  page: PageArgs,
  include?: ProductPageWants,
): Promise<ProductPage> {
  const key = PRODUCT_SORT_KEYS[sortKey];
  const columns = include ? productPageColumns(include) : [];
  const query = columns.length
    ? productListQuery(db, condition).select(columns)
    : productListQuery(db, condition);
  // Locations are few: all of them, beside the page, rather than one more round trip after it.
  const [rows, locations] = await Promise.all([
    keysetPage(query, { ...key, idColumn: 'p.id' }, key.descending !== reverse, page),
    include?.locations ? pageLocations(db) : [],
  ]);
  const relations = include ? relationsOfPageRows(rows.rows, locations) : null;
  return { ...mapPage(rows, toProduct), relations };
}

/** `cap: null` counts every match (an export's total); lists stop at COUNT_LIMIT. */
export function countProducts(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  cap?: number | null,
): Promise<Count> {
  return cappedCount(db, productListQuery(db, condition), cap);
}

/** Ids of the products matching the condition, at most `limit`. */
export async function productIdsMatching(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  limit: number,
): Promise<string[]> {
  let q = db.selectFrom('products as p').select('p.id');
  if (condition) q = q.where(condition);
  const rows = await q.limit(limit).execute();
  return rows.map((r) => r.id);
}

/** How many orders each of these products appears on (products on no order are left out). */
export async function orderCountsOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .selectFrom('order_lines')
    .select(['product_id', sql<number>`count(distinct order_id)::int`.as('n')])
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id!, Number(r.n)]));
}
