import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { toCustomer, type Customer } from '../customers/customer.model.js';

/**
 * What the orders area reads of other areas' tables: the variants it sells (with their product),
 * the customer it links, and its own events in the audit log. Reads only; those areas write them.
 */

export interface VariantForSale {
  id: string;
  productId: string;
  title: string;
  sku: string | null;
  price: number;
  productTitle: string;
  productStatus: string;
  /** What committing its stock needs (read here, so placing an order reads the variants once). */
  trackInventory: boolean;
  allowBackorder: boolean;
}

export async function variantsForSale(db: Executor, ids: readonly string[]): Promise<VariantForSale[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.product_id',
      'v.title',
      'v.sku',
      'v.price',
      'p.title as product_title',
      'p.status as product_status',
      'v.track_inventory',
      'v.allow_backorder',
    ])
    .where('v.id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    title: r.title,
    sku: r.sku,
    price: r.price,
    productTitle: r.product_title,
    productStatus: r.product_status,
    trackInventory: r.track_inventory,
    allowBackorder: r.allow_backorder,
  }));
}

export async function findCustomerForOrder(db: Executor, id: string): Promise<Customer | null> {
  const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCustomer(row) : null;
}

/** The customer with this email, whatever its case (emails are unique regardless of case). */
export async function customerWithEmail(db: Executor, email: string): Promise<Customer | null> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toCustomer(row) : null;
}
