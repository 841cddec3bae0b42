import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * When each of these orders was last paid (its latest successful capture or sale) and last
 * fulfilled (its latest shipment not cancelled): the export's "Paid at" and "Fulfilled at".
 */
export async function paidAndFulfilledTimes(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, { paidAt: Date | null; fulfilledAt: Date | null }>> {
  if (!orderIds.length) return new Map();
  const { rows } = await sql<{ id: string; paid_at: Date | null; fulfilled_at: Date | null }>`
    select o.id,
      (select max(t.created_at) from order_transactions t
        where t.order_id = o.id and t.kind in ('CAPTURE', 'SALE') and t.status = 'SUCCESS') as paid_at,
      (select max(f.created_at) from fulfillments f
        where f.order_id = o.id and f.status = 'SUCCESS') as fulfilled_at
    from orders o where o.id = any(${[...orderIds]}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, { paidAt: r.paid_at, fulfilledAt: r.fulfilled_at }]));
}
