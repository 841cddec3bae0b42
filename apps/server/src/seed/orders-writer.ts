import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import type { PlannedOrder } from './orders-life.js';
import type { MovementRow } from './orders-stock.js';

/** Rows per insert statement: far fewer round trips than one per row, well under the parameter limit. */
const ROWS_PER_STATEMENT = 500;

type Tables = 'orders' | 'order_lines' | 'order_transactions' | 'fulfillments' | 'fulfillment_lines';

/** Collects planned orders and writes them, a table at a time, in multi-row inserts. */
export class OrderBatch {
  private rows = this.empty();
  private count = 0;

  private empty() {
    return {
      orders: [] as PlannedOrder['order'][],
      order_lines: [] as PlannedOrder['lines'],
      order_transactions: [] as PlannedOrder['transactions'],
      fulfillments: [] as PlannedOrder['fulfillments'],
      fulfillment_lines: [] as PlannedOrder['fulfillmentLines'],
      movements: [] as MovementRow[],
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
    this.rows.movements.push(...p.movements);
  }

  /** Writes what was added (parents before children: an insert checks its foreign keys) and empties the batch. */
  async flush(trx: Tx): Promise<void> {
    const rows = this.rows;
    this.rows = this.empty();
    this.count = 0;
    const tables: Tables[] = [
      'orders',
      'order_lines',
      'order_transactions',
      'fulfillments',
      'fulfillment_lines',
    ];
    for (const table of tables) {
      const t0 = Date.now();
      const all = rows[table];
      for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT)
        await trx
          .insertInto(table)
          .values(all.slice(i, i + ROWS_PER_STATEMENT) as never)
          .execute();
      (globalThis as any).T ??= {}; (globalThis as any).T[table] = ((globalThis as any).T[table] ?? 0) + Date.now() - t0;
    }
    const t1 = Date.now();
    await insertMovements(trx, rows.movements);
    (globalThis as any).T.movements = ((globalThis as any).T.movements ?? 0) + Date.now() - t1;
  }
}

export async function insertMovements(trx: Tx, movements: MovementRow[]): Promise<void> {
  for (let i = 0; i < movements.length; i += ROWS_PER_STATEMENT)
    await trx
      .insertInto('inventory_movements')
      .values(movements.slice(i, i + ROWS_PER_STATEMENT))
      .execute();
}

/**
 * Makes the stock and customer figures agree with the orders just written, by aggregating what
 * is stored rather than trusting counters kept on the side:
 * - each level's on hand and committed become the sums of its ledger (the orders' movements
 *   included), and every movement's "after" quantities are recomputed in time order, since the
 *   orders' movements interleave with the inventory seed's;
 * - each customer's orders count, total spent (cancelled orders excluded) and last order date;
 * - the order number sequence continues after the seeded numbers.
 */
export async function settleAfterOrders(trx: Tx): Promise<void> {
  console.time('settle0');
  await sql`
    update inventory_levels l
    set on_hand = s.on_hand, committed = s.committed,
      created_at = least(l.created_at, s.first_at), updated_at = greatest(l.updated_at, s.last_at)
    from (
      select variant_id, location_id, sum(on_hand_delta)::int as on_hand,
        sum(committed_delta)::int as committed, min(created_at) as first_at, max(created_at) as last_at
      from inventory_movements
      where (variant_id, location_id) in (
        select distinct variant_id, location_id from inventory_movements where reason = 'ORDER_COMMITTED')
      group by variant_id, location_id
    ) s
    where l.variant_id = s.variant_id and l.location_id = s.location_id`.execute(trx);
  console.timeEnd('settle0');
  console.time('settle1');
  await sql`
    update inventory_movements m
    set on_hand_after = s.on_hand_after, committed_after = s.committed_after
    from (
      select id,
        sum(on_hand_delta) over w as on_hand_after,
        sum(committed_delta) over w as committed_after
      from inventory_movements
      where (variant_id, location_id) in (
        select distinct variant_id, location_id from inventory_movements where reason = 'ORDER_COMMITTED')
      window w as (partition by variant_id, location_id order by created_at, id rows unbounded preceding)
    ) s
    where m.id = s.id and (m.on_hand_after <> s.on_hand_after or m.committed_after <> s.committed_after)`.execute(
    trx,
  );
  console.timeEnd('settle1');
  console.time('settle2');
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
  console.timeEnd('settle2');
  console.time('settle3');
  await sql`select setval('order_number_seq', (select max(number) from orders))`.execute(trx);
  console.timeEnd('settle3');
}
