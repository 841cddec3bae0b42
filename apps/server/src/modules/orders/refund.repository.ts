import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { refundRow, refundLineRow, type Refund, type RefundLine } from './order.model.js';

/** The refunds of orders, oldest first (the order they happened in). */
export async function refundsOfOrders(db: Executor, orderIds: readonly string[]): Promise<Refund[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(refundRow.of);
}

export async function refundLinesOf(db: Executor, refundIds: readonly string[]): Promise<RefundLine[]> {
  if (!refundIds.length) return [];
  return (await db.selectFrom('refund_lines').selectAll().where('refund_id', 'in', refundIds).execute()).map(
    refundLineRow.of,
  );
}

export async function findRefund(db: Executor, id: string): Promise<Refund | null> {
  const row = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? refundRow.of(row) : null;
}

/** Shipping already given back on an order, minor units. */
export async function shippingRefunded(db: Executor, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select(sql<number>`coalesce(sum(shipping_amount), 0)::bigint`.as('sum'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

export async function insertRefund(
  db: Executor,
  refund: {
    id: string;
    orderId: string;
    amount: number;
    shippingAmount: number;
    reason: string | null;
    transactionId: string | null;
    staffId: string | null;
    staffName: string;
  },
  lines: readonly {
    orderLineId: string;
    quantity: number;
    restockedQuantity: number;
    locationId: string | null;
  }[],
): Promise<Refund> {
  const row = await db
    .insertInto('refunds')
    .values(refundRow.write(refund))
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await db
      .insertInto('refund_lines')
      .values(
        lines.map((l) => ({
          refund_id: refund.id,
          order_line_id: l.orderLineId,
          quantity: l.quantity,
          restock: l.restockedQuantity > 0,
          restocked_quantity: l.restockedQuantity,
          location_id: l.locationId,
        })),
      )
      .execute();
  }
  return refundRow.of(row);
}

/** Counts refunded units on the lines (the order row is locked by the caller). */
export async function addRefundedQuantities(
  db: Executor,
  lines: readonly { orderLineId: string; quantity: number }[],
): Promise<void> {
  for (const l of lines) {
    await db
      .updateTable('order_lines')
      .set({ refunded_quantity: sql`refunded_quantity + ${l.quantity}` })
      .where('id', '=', l.orderLineId)
      .execute();
  }
}
