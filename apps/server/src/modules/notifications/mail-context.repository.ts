import type { Executor } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';

/**
 * The reads an email is rendered from: an order as the customer sees it, its lines, one parcel or
 * one refund. Reads only: the orders module owns and writes these tables.
 */
export interface MailOrderRow {
  id: string;
  number: number;
  email: string | null;
  customerId: string | null;
  customerName: string | null;
  firstName: string | null;
  lastName: string | null;
  currencyCode: string;
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
  itemsCount: number;
  shippingName: string | null;
  shippingAddress: AddressJson | null;
  cancelReason: string | null;
  createdAt: Date;
  /** What is still to pay: total − exchange credit − paid, never below 0; 0 once cancelled. */
  balanceDue: number;
}

export interface MailLineRow {
  title: string;
  variantTitle: string;
  sku: string | null;
  quantity: number;
  unitPrice: number;
  discount: number;
}

export async function orderForMail(db: Executor, orderId: string): Promise<MailOrderRow | null> {
  const row = await db
    .selectFrom('orders as o')
    .leftJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.number',
      'o.email',
      'o.customer_id',
      'o.customer_name',
      'c.first_name',
      'c.last_name',
      'o.currency_code',
      'o.subtotal',
      'o.shipping_total',
      'o.tax_total',
      'o.discount_total',
      'o.total',
      'o.items_count',
      'o.shipping_name',
      'o.shipping_address',
      'o.cancel_reason',
      'o.created_at',
      'o.status',
      'o.total_paid',
      'o.exchange_credit',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    number: Number(row.number),
    email: row.email,
    customerId: row.customer_id,
    customerName: row.customer_name,
    firstName: row.first_name,
    lastName: row.last_name,
    currencyCode: row.currency_code.trim(),
    subtotal: Number(row.subtotal),
    shippingTotal: Number(row.shipping_total),
    taxTotal: Number(row.tax_total),
    discountTotal: Number(row.discount_total),
    total: Number(row.total),
    itemsCount: Number(row.items_count),
    shippingName: row.shipping_name,
    shippingAddress: row.shipping_address,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at,
    balanceDue:
      row.status === 'CANCELLED'
        ? 0
        : Math.max(0, Number(row.total) - Number(row.exchange_credit) - Number(row.total_paid)),
  };
}

/** An order's lines in its order (at most the 500 an order may have). */
export async function linesForMail(db: Executor, orderId: string): Promise<MailLineRow[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select(['product_title', 'variant_title', 'sku', 'quantity', 'unit_price', 'discount'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    title: r.product_title,
    variantTitle: r.variant_title,
    sku: r.sku,
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    discount: Number(r.discount),
  }));
}

export async function fulfillmentForMail(db: Executor, fulfillmentId: string) {
  const row = await db
    .selectFrom('fulfillments as f')
    .leftJoin('fulfillment_lines as fl', 'fl.fulfillment_id', 'f.id')
    .select(['f.carrier', 'f.tracking_number', 'f.tracking_url'])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fl.quantity'), eb.lit(0)).as('items'))
    .where('f.id', '=', fulfillmentId)
    .groupBy(['f.id', 'f.carrier', 'f.tracking_number', 'f.tracking_url'])
    .executeTakeFirst();
  return row
    ? {
        carrier: row.carrier,
        trackingNumber: row.tracking_number,
        trackingUrl: row.tracking_url,
        items: Number(row.items),
      }
    : null;
}

export async function refundForMail(db: Executor, refundId: string) {
  const row = await db
    .selectFrom('refunds')
    .select(['amount', 'reason'])
    .where('id', '=', refundId)
    .executeTakeFirst();
  return row ? { amount: Number(row.amount), reason: row.reason } : null;
}

/** A return as its email tells it: its number, the units coming back and any exchange items. */
export async function returnForMail(db: Executor, returnId: string) {
  const ret = await db
    .selectFrom('returns')
    .select(['id', 'number'])
    .where('id', '=', returnId)
    .executeTakeFirst();
  if (!ret) return null;
  const [items, exchange] = await Promise.all([
    db
      .selectFrom('return_lines as rl')
      .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
      .select(['l.product_title', 'l.variant_title', 'l.sku', 'rl.quantity'])
      .where('rl.return_id', '=', returnId)
      .orderBy('rl.position')
      .execute(),
    db
      .selectFrom('order_lines')
      .select(['product_title', 'variant_title', 'sku', 'quantity'])
      .where('return_id', '=', returnId)
      .orderBy('position')
      .execute(),
  ]);
  const item = (r: {
    product_title: string;
    variant_title: string;
    sku: string | null;
    quantity: number;
  }) => ({
    title: r.product_title,
    variantTitle: r.variant_title,
    sku: r.sku,
    quantity: r.quantity,
  });
  return { number: ret.number, items: items.map(item), exchangeItems: exchange.map(item) };
}

/** The newest order, for a preview when none is picked. */
export async function newestOrderId(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** An order's newest parcel or refund (a preview on a real order shows its latest). */
export async function latestForMail(
  db: Executor,
  table: 'fulfillments' | 'refunds' | 'returns',
  orderId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
