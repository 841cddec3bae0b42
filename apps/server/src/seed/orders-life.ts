import type { Insertable } from 'kysely';
import {
  fulfillmentStatus,
  paymentStatus,
  paymentSums,
  type OrderStatus,
  type TransactionKind,
} from '@stockroom/domain';
import type {
  FulfillmentLineTable,
  FulfillmentTable,
  OrderLineTable,
  OrderTable,
  OrderTransactionTable,
} from '../modules/orders/order.tables.js';
import { trackingUrlFor } from '../modules/orders/tracking.js';
import { uuidv7 } from '../lib/uuid.js';
import type { Random } from './random.js';
import type { SeedContext, SeedStaff } from './orders-context.js';
import type { OrderDraft } from './orders-plan.js';
import { movement, type MovementRow, type StockPlanner } from './orders-stock.js';
import { CANCEL_REASONS, CARRIERS_BY_COUNTRY, trackingNumber } from './orders-data.js';
import { shipmentsOf, type Shipment } from './orders-shipments.js';

/** created_at is a generated column there, which Kysely's insert types would not let us set. */
type WithCreatedAt<T> = Omit<Insertable<T>, 'created_at'> & { created_at: Date };

export interface PlannedOrder {
  order: Insertable<OrderTable>;
  lines: (Insertable<OrderLineTable> & { id: string; quantity: number; fulfilled_quantity: number })[];
  transactions: WithCreatedAt<OrderTransactionTable>[];
  fulfillments: WithCreatedAt<FulfillmentTable>[];
  fulfillmentLines: Insertable<FulfillmentLineTable>[];
  /** With the level each belongs to, for the ledger's running quantities. */
  movements: { row: MovementRow; level: number }[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Flow = 'sale' | 'auth' | 'later' | 'invoice';

/**
 * What happened to an order after it was placed, written as the rows the real commands would have
 * left: payments, shipments, a cancel or a close, each at its own time (never in the future) and
 * each with its stock movements. Statuses are then derived from those rows with the domain rules.
 */
export function liveOrder(
  ctx: SeedContext,
  stock: StockPlanner,
  random: Random,
  draft: OrderDraft,
): PlannedOrder {
  const latest = ctx.now - 60_000;
  const t0 = draft.createdAt;
  const id = uuidv7(t0);
  const { totals } = draft;
  const total = totals.total;
  const lines = draft.lines.map((l, i) => ({
    id: uuidv7(t0),
    order_id: id,
    product_id: l.variant.productId,
    variant_id: l.variant.id,
    product_title: l.variant.productTitle,
    variant_title: l.variant.title,
    sku: l.variant.sku,
    unit_price: l.variant.price,
    quantity: l.quantity,
    discount: totals.lines[i]!.discount,
    tax: totals.lines[i]!.tax,
    fulfilled_quantity: 0,
    refunded_quantity: 0,
    position: i,
    location_id: l.level === null ? null : stock.level(l.level).locationId,
    taxable: true,
  }));
  const movements: PlannedOrder['movements'] = [];
  const stockMove = (
    i: number,
    onHand: number,
    committed: number,
    at: number,
    note: string,
    staff: SeedStaff | null,
  ) => {
    const level = draft.lines[i]!.level;
    if (level === null) return;
    const row = movement(
      stock.level(level),
      reason(onHand, committed),
      onHand,
      committed,
      at,
      note,
      staff,
      id,
    );
    movements.push({ row, level });
  };
  lines.forEach((l, i) => stockMove(i, 0, l.quantity, t0, `Order ${draft.name}`, null));

  let version = 1;
  let updatedAt = t0;
  const happened = (at: number) => {
    version++;
    updatedAt = Math.max(updatedAt, at);
  };
  const transactions: WithCreatedAt<OrderTransactionTable>[] = [];
  const pay = (
    kind: TransactionKind,
    amount: number,
    at: number,
    staff: SeedStaff | null,
    parentId: string | null = null,
  ) => {
    const row = {
      id: uuidv7(at),
      order_id: id,
      kind,
      status: 'SUCCESS' as const,
      amount,
      gateway: 'manual',
      reference:
        kind === 'SALE' && staff
          ? 'Bank transfer'
          : kind === 'AUTHORIZATION' || kind === 'SALE'
            ? `ch_${hex(random)}`
            : null,
      parent_id: parentId,
      staff_id: staff?.id ?? null,
      actor_name: staff?.name ?? 'system',
      created_at: new Date(at),
    };
    transactions.push(row);
    if (at > t0 + 5_000) happened(at);
    return row;
  };

  const cancelled = random.chance(0.05) && latest - t0 > 2 * HOUR;
  const flow: Flow = cancelled
    ? random.chance(0.5)
      ? 'auth'
      : 'later'
    : draft.wholesale
      ? 'invoice'
      : random.chance(0.56)
        ? 'sale'
        : random.chance(0.7)
          ? 'auth'
          : 'later';
  const placedAt = t0 + 2_000;
  const auth = flow === 'auth' ? pay('AUTHORIZATION', total, placedAt, null) : null;
  if (flow === 'sale') pay('SALE', total, placedAt, null);
  let paid = flow === 'sale' ? total : 0;
  if (flow === 'invoice' && random.chance(0.4) && total >= 200) {
    paid = Math.max(1, Math.min(total - 1, Math.round((total * random.int(30, 50)) / 10_000) * 100));
    pay('SALE', paid, placedAt, null);
  }

  let status: OrderStatus = 'OPEN';
  let cancelledAt: number | null = null;
  let closedAt: number | null = null;
  const fulfillments: WithCreatedAt<FulfillmentTable>[] = [];
  const fulfillmentLines: Insertable<FulfillmentLineTable>[] = [];

  if (cancelled) {
    cancelledAt = Math.min(t0 + random.int(1, 48) * HOUR, t0 + (latest - t0) / 2);
    if (auth) pay('VOID', total, cancelledAt, ctx.support, auth.id);
    lines.forEach((l, i) =>
      stockMove(i, 0, -l.quantity, cancelledAt!, `Order ${draft.name} cancelled`, ctx.support),
    );
    status = 'CANCELLED';
    happened(cancelledAt);
  } else {
    const country = draft.shippingAddress?.countryCode ?? null;
    const carriers = country ? (CARRIERS_BY_COUNTRY[country] ?? CARRIERS_BY_COUNTRY['*']!) : null;
    const shipments = shipmentsOf(ctx, random, draft, lines).filter((s) => s.at <= latest);
    const captureEach = random.chance(0.5);
    shipments.forEach((s: Shipment, k) => {
      const position = k + 1;
      const fulfillmentId = uuidv7(s.at);
      const carrier = carriers ? random.pick(carriers) : null;
      const number = carrier ? trackingNumber(carrier, random.next) : null;
      fulfillments.push({
        id: fulfillmentId,
        order_id: id,
        position,
        location_id: s.locationId,
        status: 'SUCCESS',
        carrier,
        tracking_number: number,
        tracking_url: trackingUrlFor(carrier, number),
        staff_id: ctx.fulfiller?.id ?? null,
        created_at: new Date(s.at),
        cancelled_at: null,
      });
      let value = 0;
      for (const p of s.picks) {
        const line = lines[p.line]!;
        line.fulfilled_quantity += p.quantity;
        fulfillmentLines.push({
          fulfillment_id: fulfillmentId,
          order_line_id: line.id,
          quantity: p.quantity,
        });
        stockMove(p.line, -p.quantity, -p.quantity, s.at, `Order ${draft.name}-F${position}`, ctx.fulfiller);
        value += Math.round((totals.lines[p.line]!.total * p.quantity) / line.quantity);
      }
      happened(s.at);
      if (!auth || paid >= total) return;
      // Captured when it ships: all at once, or shipment by shipment (the last one takes the rest).
      const done = lines.every((l) => l.fulfilled_quantity === l.quantity);
      const amount = !captureEach || done ? total - paid : Math.min(value, total - paid);
      if (amount > 0) {
        pay('CAPTURE', amount, s.at + 60_000, ctx.fulfiller, auth.id);
        paid += amount;
      }
    });
    if (auth && paid === 0 && latest - t0 > 6 * DAY) {
      pay('CAPTURE', total, t0 + random.int(72, 144) * HOUR, ctx.manager, auth.id);
      paid = total;
    }
    if ((flow === 'later' || flow === 'invoice') && paid < total) {
      const at = t0 + (flow === 'later' ? random.int(20, 192) * HOUR : random.int(10, 35) * DAY);
      if (at <= latest) {
        pay('SALE', total - paid, at, ctx.manager);
        paid = total;
      }
    }
    const shipped = lines.every((l) => l.fulfilled_quantity === l.quantity);
    const closeAt = updatedAt + random.int(24, 7 * 24) * HOUR;
    if (
      shipped &&
      paid >= total &&
      closeAt <= latest &&
      random.chance(latest - t0 > 45 * DAY ? 0.98 : 0.85)
    ) {
      status = 'CLOSED';
      closedAt = closeAt;
      happened(closeAt);
    }
  }

  const sums = paymentSums(
    transactions.map((t) => ({ kind: t.kind, status: 'SUCCESS', amount: Number(t.amount) })),
  );
  const order: Insertable<OrderTable> = {
    id,
    number: draft.number,
    status,
    payment_status: paymentStatus({ ...sums, total }),
    fulfillment_status: fulfillmentStatus(
      lines.map((l) => ({
        quantity: l.quantity,
        fulfilledQuantity: l.fulfilled_quantity,
        refundedQuantity: 0,
      })),
    ),
    customer_id: draft.customer?.id ?? null,
    email: draft.email,
    phone: draft.phone,
    currency_code: ctx.currency,
    subtotal: totals.subtotal,
    shipping_total: totals.shippingTotal,
    tax_total: totals.taxTotal,
    discount_total: totals.discountTotal,
    total,
    total_paid: sums.captured,
    total_refunded: sums.refunded,
    shipping_address: JSON.stringify(draft.shippingAddress),
    billing_address: JSON.stringify(draft.billingAddress),
    source: 'DEMO',
    idempotency_key: null,
    note: draft.note,
    tags: draft.tags,
    cancelled_at: cancelledAt === null ? null : new Date(cancelledAt),
    cancel_reason: cancelled ? random.pick(CANCEL_REASONS) : null,
    closed_at: closedAt === null ? null : new Date(closedAt),
    created_at: new Date(t0),
    updated_at: new Date(updatedAt),
    version,
    customer_name: draft.customerName,
    shipping_rate_id: draft.rate?.id ?? null,
    shipping_name: draft.rate?.name ?? null,
    shipping_price: draft.rate?.price ?? 0,
    shipping_tax: totals.shippingTax,
    discount_code: null,
    items_count: lines.reduce((n, l) => n + l.quantity, 0),
    prices_include_tax: ctx.pricesIncludeTax,
    created_by: null,
  };
  return { order, lines, transactions, fulfillments, fulfillmentLines, movements };
}

function reason(onHand: number, committed: number) {
  if (onHand < 0) return 'FULFILLED' as const;
  return committed > 0 ? ('ORDER_COMMITTED' as const) : ('ORDER_RELEASED' as const);
}

function hex(random: Random): string {
  return Array.from({ length: 14 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[random.int(0, 35)]).join('');
}
