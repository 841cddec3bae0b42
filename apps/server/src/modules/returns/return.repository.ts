import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.js';
import {
  returnLineRow,
  returnReceiptRow,
  returnRow,
  type Return,
  type ReturnLine,
  type ReturnReceipt,
} from './return.model.js';

/** Only repositories know the tables' columns (ARCHITECTURE §3). */

export async function findReturns(db: Executor, ids: readonly string[]): Promise<Return[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('returns').select(returnRow.columns).where('id', 'in', ids).execute();
  return rows.map(returnRow.of);
}

/** The return's row, locked for the rest of the transaction. */
export async function lockReturn(trx: Tx, id: string): Promise<Return | null> {
  const row = await trx
    .selectFrom('returns')
    .select(returnRow.columns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? returnRow.of(row) : null;
}

/** Every return of these orders, oldest first within an order. */
export async function returnsOfOrders(db: Executor, orderIds: readonly string[]): Promise<Return[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectFrom('returns')
    .select(returnRow.columns)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('number')
    .execute();
  return rows.map(returnRow.of);
}

export async function linesOfReturns(db: Executor, returnIds: readonly string[]): Promise<ReturnLine[]> {
  if (!returnIds.length) return [];
  const rows = await db
    .selectFrom('return_lines')
    .select(returnLineRow.columns)
    .where('return_id', 'in', returnIds)
    .orderBy('return_id')
    .orderBy('position')
    .execute();
  return rows.map(returnLineRow.of);
}

export async function receiptsOfReturns(
  db: Executor,
  returnIds: readonly string[],
): Promise<ReturnReceipt[]> {
  if (!returnIds.length) return [];
  const rows = await db
    .selectFrom('return_receipts')
    .select(returnReceiptRow.columns)
    .where('return_id', 'in', returnIds)
    .orderBy('return_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(returnReceiptRow.of);
}

/**
 * Units of each order line that are on returns: every unit asked back on a return still going, the
 * units received on a closed one (its other units were never sent), none on a cancelled one.
 */
export async function unitsOnReturns(
  db: Executor,
  orderLineIds: readonly string[],
): Promise<Map<string, number>> {
  if (!orderLineIds.length) return new Map();
  const rows = await db
    .selectFrom('return_lines as rl')
    .innerJoin('returns as r', 'r.id', 'rl.return_id')
    .select([
      'rl.order_line_id',
      sql<number>`sum(case when r.status = 'CLOSED'
        then rl.restocked_quantity + rl.damaged_quantity + rl.missing_quantity else rl.quantity end)::int`.as(
        'units',
      ),
    ])
    .where('rl.order_line_id', 'in', orderLineIds)
    .where('r.status', '<>', 'CANCELLED')
    .groupBy('rl.order_line_id')
    .execute();
  return new Map(rows.map((r) => [r.order_line_id, Number(r.units)]));
}

/** The order's next return number (the order is locked by the caller, so numbers never clash). */
export async function nextReturnNumber(trx: Tx, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('returns')
    .select(sql<number>`coalesce(max(number), 0)::int`.as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

export async function insertReturn(
  trx: Tx,
  ret: Parameters<typeof returnRow.write>[0],
  lines: Parameters<typeof returnLineRow.write>[0][],
): Promise<void> {
  await trx
    .insertInto('returns')
    .values(returnRow.write(ret) as never)
    .execute();
  await trx
    .insertInto('return_lines')
    .values(lines.map((l) => returnLineRow.write(l)) as never)
    .execute();
}

export async function updateReturn(
  trx: Tx,
  id: string,
  changes: Parameters<typeof returnRow.write>[0],
): Promise<Return> {
  const row = await trx
    .updateTable('returns')
    .set({
      ...returnRow.write(changes),
      updated_at: sql`statement_timestamp()`,
      version: sql`version + 1`,
    } as never)
    .where('id', '=', id)
    .returning(returnRow.columns)
    .executeTakeFirstOrThrow();
  return returnRow.of(row);
}

/** A receipt's units added to its line's counts, and the receipt kept as scanned. */
export async function addReceipts(
  trx: Tx,
  receipts: Parameters<typeof returnReceiptRow.write>[0][],
  lineCounts: { id: string; restocked: number; damaged: number; missing: number }[],
): Promise<void> {
  if (!receipts.length) return;
  await trx
    .insertInto('return_receipts')
    .values(receipts.map((r) => returnReceiptRow.write(r)) as never)
    .execute();
  for (const l of lineCounts) {
    await trx
      .updateTable('return_lines')
      .set({
        restocked_quantity: sql`restocked_quantity + ${l.restocked}::int`,
        damaged_quantity: sql`damaged_quantity + ${l.damaged}::int`,
        missing_quantity: sql`missing_quantity + ${l.missing}::int`,
      })
      .where('id', '=', l.id)
      .execute();
  }
}

/** A settlement's credit per line. */
export async function creditLines(
  trx: Tx,
  lines: { id: string; creditedQuantity: number; credit: number }[],
): Promise<void> {
  for (const l of lines) {
    if (!l.creditedQuantity && !l.credit) continue;
    await trx
      .updateTable('return_lines')
      .set({ credited_quantity: l.creditedQuantity, credit: l.credit })
      .where('id', '=', l.id)
      .execute();
  }
}

/** Damaged counts of levels, keyed `variantId:locationId`. */
export async function damagedOfLevels(
  db: Executor,
  levels: readonly { variantId: string; locationId: string }[],
): Promise<Map<string, number>> {
  if (!levels.length) return new Map();
  const { rows } = await sql<{ variant_id: string; location_id: string; damaged: number }>`
    select l.variant_id, l.location_id, l.damaged from inventory_levels l
    join unnest(${levels.map((l) => l.variantId)}::uuid[], ${levels.map((l) => l.locationId)}::uuid[])
      as k(variant_id, location_id) on k.variant_id = l.variant_id and k.location_id = l.location_id`.execute(
    db,
  );
  return new Map(rows.map((r) => [`${r.variant_id}:${r.location_id}`, Number(r.damaged)]));
}
