import { sql } from 'kysely';
import type { DB, Tx } from '../db/database.js';
import { inTransaction } from '../lib/unit-of-work.js';
import type { ReturnsPlan } from './returns-planner.js';

/** Inserts rows, one statement for all, from one JSON parameter (the columns those of the first row). */
async function insertRows(trx: Tx, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(table)} (${list})
    select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`.execute(
    trx,
  );
}

/**
 * Writes the planned returns in one transaction, a statement per table, then what they change in
 * rows already there: the units credited on order lines, the orders' refunded totals and payment
 * status, the customers' spend, the levels' on hand and damaged counts, and every movement's
 * "after" figures of those levels, in the ledger's order.
 */
export async function writeReturns(db: DB, plan: ReturnsPlan): Promise<void> {
  await inTransaction(db, async (trx) => {
    await insertRows(trx, 'order_transactions', plan.transactionRows);
    await insertRows(trx, 'refunds', plan.refundRows);
    await insertRows(trx, 'returns', plan.returnRows);
    await insertRows(trx, 'return_lines', plan.lineRows);
    await insertRows(trx, 'return_receipts', plan.receiptRows);
    await insertRows(trx, 'inventory_movements', plan.movementRows);
    await insertRows(trx, 'audit_events', plan.auditRows);
    const creditedRows = [...plan.credited].map(([id, q]) => ({ id, q }));
    if (creditedRows.length)
      await sql`update order_lines ol set return_credited_quantity = ol.return_credited_quantity + x.q
        from jsonb_to_recordset(${JSON.stringify(creditedRows)}::jsonb) as x(id uuid, q int)
        where ol.id = x.id`.execute(trx);
    // The last refund of an order leaves its figures; each refund bumped the version.
    const byOrder = new Map<string, ReturnsPlan['orderChanges'][number] & { refunds: number }>();
    for (const c of plan.orderChanges)
      byOrder.set(c.id, { ...c, refunds: (byOrder.get(c.id)?.refunds ?? 0) + 1 });
    if (byOrder.size)
      await sql`update orders o set total_refunded = x.total_refunded, payment_status = x.payment_status,
          version = o.version + x.refunds, updated_at = greatest(o.updated_at, x.at)
        from jsonb_to_recordset(${JSON.stringify([...byOrder.values()])}::jsonb)
          as x(id uuid, total_refunded bigint, payment_status text, refunds int, at timestamptz)
        where o.id = x.id`.execute(trx);
    const spend = [...plan.spendTaken].map(([id, amount]) => ({ id, amount }));
    if (spend.length)
      await sql`update customers c set total_spent = greatest(0, c.total_spent - x.amount)
        from jsonb_to_recordset(${JSON.stringify(spend)}::jsonb) as x(id uuid, amount bigint)
        where c.id = x.id`.execute(trx);
    const levels = [...plan.levelDeltas.values()];
    if (levels.length) {
      const levelsJson = JSON.stringify(levels);
      await sql`update inventory_levels l set on_hand = l.on_hand + x.on_hand, damaged = l.damaged + x.damaged,
          version = l.version + 1, updated_at = now()
        from jsonb_to_recordset(${levelsJson}::jsonb) as x(variant_id uuid, location_id uuid, on_hand int, damaged int)
        where l.variant_id = x.variant_id and l.location_id = x.location_id`.execute(trx);
      // Every movement of these levels says again what the level held after it, in the ledger's order.
      await sql`update inventory_movements m set on_hand_after = h.on_hand_after, committed_after = h.committed_after
        from (
          select m2.id,
            sum(m2.on_hand_delta) over w as on_hand_after, sum(m2.committed_delta) over w as committed_after
          from inventory_movements m2
          join jsonb_to_recordset(${levelsJson}::jsonb) as x(variant_id uuid, location_id uuid)
            on x.variant_id = m2.variant_id and x.location_id = m2.location_id
          window w as (partition by m2.variant_id, m2.location_id order by m2.created_at, m2.id rows unbounded preceding)
        ) h
        where m.id = h.id and (m.on_hand_after <> h.on_hand_after or m.committed_after <> h.committed_after)`.execute(
        trx,
      );
    }
  });
}
