import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import type { PlannedOrder } from './orders-life.js';
import type { MovementRow } from './orders-stock.js';
import { insertRows } from './orders-insert.js';

/** Collects planned orders and writes them a table at a time. */
export class OrderBatch {
  private rows = OrderBatch.empty();
  private count = 0;

  private static empty() {
    return {
      orders: [] as PlannedOrder['order'][],
      order_lines: [] as PlannedOrder['lines'],
      order_transactions: [] as PlannedOrder['transactions'],
      fulfillments: [] as PlannedOrder['fulfillments'],
      fulfillment_lines: [] as PlannedOrder['fulfillmentLines'],
    };
  }

  get size(): number {
    return this.count;
  }

  add(p: PlannedOrder): void {
    this.count++;
    this.rows.orders.push(p.order);
    this.rows.order_lines.push(...p.lines);
    this.rows.order_transactions.push(...p.transactions);
    this.rows.fulfillments.push(...p.fulfillments);
    this.rows.fulfillment_lines.push(...p.fulfillmentLines);
  }

  /** Writes what was added and the settled movements, parents before children, and empties the batch. */
  async flush(trx: Tx, movements: MovementRow[]): Promise<void> {
    const rows = this.rows;
    this.rows = OrderBatch.empty();
    this.count = 0;
    await insertRows(trx, 'orders', rows.orders);
    await insertRows(trx, 'order_lines', rows.order_lines);
    await insertRows(trx, 'order_transactions', rows.order_transactions);
    await insertRows(trx, 'fulfillments', rows.fulfillments);
    await insertRows(trx, 'fulfillment_lines', rows.fulfillment_lines);
    await insertRows(trx, 'inventory_movements', movements);
  }
}

/**
 * Makes the stock and customer figures agree with the orders just written, by aggregating what is
 * stored rather than trusting counters kept on the side: each level's on hand and committed become
 * the sums of its ledger; each customer's orders count, total spent (cancelled orders excluded) and
 * last order date come from their orders; the order number sequence continues after the last one.
 */
export async function settleAfterOrders(trx: Tx): Promise<void> {
  await sql`
    update inventory_levels l
    set on_hand = s.on_hand, committed = s.committed,
      created_at = least(l.created_at, s.first_at), updated_at = greatest(l.updated_at, s.last_at)
    from (
      select variant_id, location_id, sum(on_hand_delta)::int as on_hand,
        sum(committed_delta)::int as committed, min(created_at) as first_at, max(created_at) as last_at
      from inventory_movements
      where (variant_id, location_id) in (
        select variant_id, location_id from inventory_movements where reason = 'ORDER_COMMITTED')
      group by variant_id, location_id
    ) s
    where l.variant_id = s.variant_id and l.location_id = s.location_id`.execute(trx);
  await sql`
    update customers c
    set orders_count = s.orders_count, total_spent = s.total_spent, last_order_at = s.last_order_at
    from (
      select customer_id, count(*)::int as orders_count,
        coalesce(sum(total) filter (where status <> 'CANCELLED'), 0) as total_spent,
        max(created_at) as last_order_at
      from orders where customer_id is not null
      group by customer_id
    ) s
    where c.id = s.customer_id`.execute(trx);
  await sql`select setval('order_number_seq', (select max(number) from orders))`.execute(trx);
}
