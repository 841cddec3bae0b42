import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { discountRow, type Discount } from './discount.model.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';

export async function findDiscount(db: Executor, id: string): Promise<Discount | null> {
  const row = await db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? discountRow.of(row) : null;
}

export async function findDiscountsByIds(db: Executor, ids: readonly string[]): Promise<Discount[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('discounts').selectAll().where('id', 'in', ids).execute()).map(discountRow.of);
}

/** The discount with this code, whatever its case (SPEC §5: unique case-insensitive). */
export async function findDiscountByCode(db: Executor, code: string): Promise<Discount | null> {
  const row = await db
    .selectFrom('discounts')
    .selectAll()
    .where(sql<boolean>`lower(code) = ${code.toLowerCase()}`)
    .executeTakeFirst();
  return row ? discountRow.of(row) : null;
}

export async function lockDiscount(db: Executor, id: string): Promise<Discount | null> {
  const row = await db
    .selectFrom('discounts')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? discountRow.of(row) : null;
}

/** What a discount's create or update writes; `disabled` keeps the first moment it was disabled. */
export type DiscountValues = Pick<
  Discount,
  | 'code'
  | 'kind'
  | 'percentage'
  | 'amount'
  | 'appliesTo'
  | 'minimumSubtotal'
  | 'minimumQuantity'
  | 'startsAt'
  | 'endsAt'
  | 'usageLimit'
  | 'oncePerCustomer'
> & { disabled: boolean };

function discountColumns({ disabled, ...values }: DiscountValues) {
  return {
    ...discountRow.write(values),
    disabled_at: disabled ? sql<Date>`coalesce(disabled_at, now())` : null,
  };
}

export async function insertDiscount(
  db: Executor,
  id: string,
  values: DiscountValues,
  createdBy: string | null,
): Promise<Discount> {
  const row = await db
    .insertInto('discounts')
    .values({
      id,
      ...discountColumns(values),
      disabled_at: values.disabled ? sql<Date>`now()` : null,
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return discountRow.of(row);
}

export async function updateDiscount(db: Executor, id: string, values: DiscountValues): Promise<Discount> {
  const row = await db
    .updateTable('discounts')
    .set({ ...discountColumns(values), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return discountRow.of(row);
}

export async function deleteDiscount(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('discounts').where('id', '=', id).execute();
}

/** The products and collections each discount names, in one statement each. */
export async function targetsOfDiscounts(
  db: Executor,
  ids: readonly string[],
): Promise<{
  products: { discountId: string; productId: string }[];
  collections: { discountId: string; collectionId: string }[];
}> {
  if (!ids.length) return { products: [], collections: [] };
  const [products, collections] = await Promise.all([
    db.selectFrom('discount_products').selectAll().where('discount_id', 'in', ids).execute(),
    db.selectFrom('discount_collections').selectAll().where('discount_id', 'in', ids).execute(),
  ]);
  return {
    products: products.map((p) => ({ discountId: p.discount_id, productId: p.product_id })),
    collections: collections.map((c) => ({ discountId: c.discount_id, collectionId: c.collection_id })),
  };
}

export async function replaceTargets(
  db: Executor,
  id: string,
  productIds: readonly string[],
  collectionIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('discount_products').where('discount_id', '=', id).execute();
  await db.deleteFrom('discount_collections').where('discount_id', '=', id).execute();
  if (productIds.length)
    await db
      .insertInto('discount_products')
      .values(productIds.map((product_id) => ({ discount_id: id, product_id })))
      .execute();
  if (collectionIds.length)
    await db
      .insertInto('discount_collections')
      .values(collectionIds.map((collection_id) => ({ discount_id: id, collection_id })))
      .execute();
}

/**
 * Takes one use of the code and answers the discount as it is now. The row lock this update takes
 * is held until the order's transaction ends, so racing orders count one after another: each
 * sees the count the one before it left, and the limit holds exactly.
 */
export async function takeUse(db: Executor, id: string): Promise<Discount | undefined> {
  const row = await db
    .updateTable('discounts')
    .set({ usage_count: sql`usage_count + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && discountRow.of(row);
}

/** Gives a use back (a cancelled order). */
export async function giveUseBack(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('discounts')
    .set({ usage_count: sql`greatest(usage_count - 1, 0)` })
    .where('id', '=', id)
    .execute();
}

/** Whether the customer has another order (not cancelled) with this discount. */
export async function customerUsed(
  db: Executor,
  discountId: string,
  customerId: string,
  exceptOrderId: string | null,
): Promise<boolean> {
  let q = db
    .selectFrom('orders')
    .select('id')
    .where('discount_id', '=', discountId)
    .where('customer_id', '=', customerId)
    .where('status', '<>', 'CANCELLED');
  if (exceptOrderId) q = q.where('id', '<>', exceptOrderId);
  return Boolean(await q.limit(1).executeTakeFirst());
}

/** How many orders carry the discount, cancelled ones included (they keep their record). */
export async function ordersWithDiscount(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('discount_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- The list (alias: d = discounts); each sort has its index (migration 009) ----

export const DISCOUNT_SORTS: Record<
  'CODE' | 'CREATED_AT' | 'UPDATED_AT' | 'STARTS_AT' | 'ENDS_AT' | 'USAGE_COUNT',
  SortChoice
> = {
  CODE: { expression: 'lower(d.code)', cast: 'text', descending: false },
  CREATED_AT: { expression: 'd.created_at', cast: 'timestamptz', descending: true },
  UPDATED_AT: { expression: 'd.updated_at', cast: 'timestamptz', descending: true },
  STARTS_AT: { expression: 'd.starts_at', cast: 'timestamptz', descending: true },
  ENDS_AT: { expression: 'd.ends_at', cast: 'timestamptz', descending: true, nullable: true },
  USAGE_COUNT: { expression: 'd.usage_count', cast: 'integer', descending: true },
};

export type DiscountSortKey = keyof typeof DISCOUNT_SORTS;

function discountListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('discounts as d').selectAll('d');
  return condition ? q.where(condition) : q;
}

export async function pageDiscounts(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: DiscountSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<Discount>> {
  const page = await sortedPage(
    discountListQuery(db, condition),
    DISCOUNT_SORTS[sortKey],
    'd.id',
    reverse,
    args,
  );
  return mapPage(page, discountRow.of);
}

export function countDiscounts(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, discountListQuery(db, condition));
}
