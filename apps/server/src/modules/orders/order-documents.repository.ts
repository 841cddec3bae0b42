import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';

/**
 * What packing slips and pick lists read of orders (issue #33): each batch of orders in two
 * statements (the orders, then their lines that ship with each variant's barcode), whatever its
 * size; a fulfilment's units in two more.
 */

export interface DocumentOrderRow {
  id: string;
  number: number;
  status: string;
  createdAt: Date;
  currencyCode: string;
  shippingName: string | null;
  shippingAddress: AddressJson | null;
  billingAddress: AddressJson | null;
  email: string | null;
}

export interface DocumentLineRow {
  id: string;
  orderId: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  barcode: string | null;
  unitPrice: number;
  quantity: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
  locationId: string | null;
}

export interface ShipLocation {
  id: string;
  name: string;
  active: boolean;
}

const parseAddress = (value: unknown): AddressJson | null =>
  value == null ? null : typeof value === 'string' ? (JSON.parse(value) as AddressJson) : value;

export async function documentOrderRows(db: Executor, ids: readonly string[]): Promise<DocumentOrderRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'status',
      'created_at',
      'currency_code',
      'shipping_name',
      'shipping_address',
      'billing_address',
      'email',
    ])
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    status: r.status,
    createdAt: new Date(r.created_at as unknown as string),
    currencyCode: r.currency_code.trim(),
    shippingName: r.shipping_name,
    shippingAddress: parseAddress(r.shipping_address),
    billingAddress: parseAddress(r.billing_address),
    email: r.email,
  }));
}

/** The lines of these orders that go in a parcel (custom items that need no shipping stay out). */
export async function documentLineRows(
  db: Executor,
  orderIds: readonly string[],
  lineIds?: readonly string[],
): Promise<DocumentLineRow[]> {
  if (!orderIds.length) return [];
  let q = db
    .selectFrom('order_lines as l')
    .leftJoin('product_variants as v', 'v.id', 'l.variant_id')
    .select([
      'l.id',
      'l.order_id',
      'l.product_title',
      'l.variant_title',
      'l.sku',
      'v.barcode',
      'l.unit_price',
      'l.quantity',
      'l.fulfilled_quantity',
      'l.refunded_quantity',
      'l.location_id',
    ])
    .where('l.order_id', 'in', orderIds)
    .where('l.requires_shipping', '=', true);
  if (lineIds) q = q.where('l.id', 'in', lineIds.length ? lineIds : ['00000000-0000-0000-0000-000000000000']);
  const rows = await q.orderBy('l.order_id').orderBy('l.position').orderBy('l.id').execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    productTitle: r.product_title,
    variantTitle: r.variant_title,
    sku: r.sku,
    barcode: r.barcode ?? null,
    unitPrice: Number(r.unit_price),
    quantity: r.quantity,
    fulfilledQuantity: r.fulfilled_quantity,
    refundedQuantity: r.refunded_quantity,
    locationId: r.location_id,
  }));
}

/** Every location, first in fulfilment priority first (inactive ones too: old lines may name them). */
export function shipLocations(db: Executor): Promise<ShipLocation[]> {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'active'])
    .orderBy('fulfillment_priority')
    .orderBy('id')
    .execute();
}

/** Which of these order ids exist. */
export async function existingOrderIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('orders').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Up to `limit` ids of the orders matching the condition, oldest first. */
export async function orderIdsMatching(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  limit: number,
): Promise<string[]> {
  let q = db.selectFrom('orders as o').select('o.id');
  if (condition) q = q.where(condition);
  const rows = await q.orderBy('o.created_at', 'asc').orderBy('o.id', 'asc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** How many orders match, counted up to `cap` (more reads as cap + 1). */
export async function countOrdersMatching(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  cap: number,
): Promise<number> {
  const inner = db
    .selectFrom('orders as o')
    .select(sql<number>`1`.as('one'))
    .$if(condition !== null, (q) => q.where(condition!))
    .limit(cap + 1);
  const row = await db
    .selectFrom(inner.as('m'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DocumentFulfillmentRow {
  id: string;
  orderId: string;
  locationId: string;
  status: string;
  position: number;
  lines: { orderLineId: string; quantity: number }[];
}

export async function documentFulfillment(db: Executor, id: string): Promise<DocumentFulfillmentRow | null> {
  const row = await db
    .selectFrom('fulfillments as f')
    .select([
      'f.id',
      'f.order_id',
      'f.location_id',
      'f.status',
      'f.position',
      sql<
        { order_line_id: string; quantity: number }[] | string
      >`(select coalesce(json_agg(json_build_object('order_line_id', fl.order_line_id, 'quantity', fl.quantity)), '[]') from fulfillment_lines fl where fl.fulfillment_id = f.id)`.as(
        'lines',
      ),
    ])
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const lines = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as {
    order_line_id: string;
    quantity: number;
  }[];
  return {
    id: row.id,
    orderId: row.order_id,
    locationId: row.location_id,
    status: row.status,
    position: row.position,
    lines: lines.map((l) => ({ orderLineId: l.order_line_id, quantity: Number(l.quantity) })),
  };
}
