import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Location } from '../inventory/inventory.model.js';
import {
  fulfillmentRow,
  fulfillmentLineRow,
  orderLineRow,
  type Fulfillment,
  type FulfillmentLine,
  type OrderLine,
} from './order.model.js';

export type NewFulfillment = Omit<Fulfillment, 'status' | 'createdAt' | 'cancelledAt'>;

export async function findFulfillment(db: Executor, id: string): Promise<Fulfillment | null> {
  const row = await db.selectFrom('fulfillments').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fulfillmentRow.of(row) : null;
}

/** 1 for an order's first fulfillment; callers hold the order's row lock, so two never get the same. */
export async function nextFulfillmentPosition(db: Executor, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('fulfillments')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('next'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export async function insertFulfillment(
  db: Executor,
  fulfillment: NewFulfillment,
  lines: { orderLineId: string; quantity: number }[],
): Promise<Fulfillment> {
  const row = await db
    .insertInto('fulfillments')
    .values(fulfillmentRow.write(fulfillment))
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await db
      .insertInto('fulfillment_lines')
      .values(
        lines.map((l) => ({ fulfillment_id: row.id, order_line_id: l.orderLineId, quantity: l.quantity })),
      )
      .execute();
  }
  return fulfillmentRow.of(row);
}

export async function linesOfFulfillment(db: Executor, fulfillmentId: string): Promise<FulfillmentLine[]> {
  const rows = await db
    .selectFrom('fulfillment_lines')
    .selectAll()
    .where('fulfillment_id', '=', fulfillmentId)
    .execute();
  return rows.map(fulfillmentLineRow.of);
}

export async function cancelFulfillment(db: Executor, id: string): Promise<Fulfillment> {
  const row = await db
    .updateTable('fulfillments')
    .set({ status: 'CANCELLED', cancelled_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fulfillmentRow.of(row);
}

/**
 * Adds to (or, negative, takes from) lines' fulfilled quantities in one statement. The domain
 * rules (checkFulfillQuantity) keep 0 ≤ fulfilled ≤ quantity; the callers hold the order's lock.
 */
export async function addFulfilledQuantities(
  db: Executor,
  changes: { lineId: string; delta: number }[],
): Promise<OrderLine[]> {
  const real = changes.filter((c) => c.delta !== 0);
  if (!real.length) return [];
  const whens = sql.join(
    real.map((c) => sql`when ${c.lineId}::uuid then ${c.delta}::integer`),
    sql` `,
  );
  const rows = await db
    .updateTable('order_lines')
    .set({ fulfilled_quantity: sql`fulfilled_quantity + (case id ${whens} else 0 end)` })
    .where(
      'id',
      'in',
      real.map((c) => c.lineId),
    )
    .returningAll()
    .execute();
  return rows.map(orderLineRow.of);
}

/** Where a line's unfulfilled units are committed from now on (they moved, or came back elsewhere). */
export async function setLineLocations(
  db: Executor,
  changes: { lineId: string; locationId: string }[],
): Promise<void> {
  for (const c of changes) {
    await db
      .updateTable('order_lines')
      .set({ location_id: c.locationId })
      .where('id', '=', c.lineId)
      .execute();
  }
}

// ---- Locations, as a shipment sees them (where it leaves from) ----

export type ShipFrom = Pick<Location, 'id' | 'name' | 'active'>;

export async function findShipFrom(db: Executor, id: string): Promise<ShipFrom | null> {
  return (
    (await db
      .selectFrom('locations')
      .select(['id', 'name', 'active'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

export function shipFromByIds(db: Executor, ids: readonly string[]): Promise<ShipFrom[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('locations').select(['id', 'name', 'active']).where('id', 'in', ids).execute();
}

/** The active location first in fulfillment priority, the one orders commit at first. */
export async function firstActiveShipFrom(db: Executor): Promise<ShipFrom | null> {
  return (
    (await db
      .selectFrom('locations')
      .select(['id', 'name', 'active'])
      .where('active', '=', true)
      .orderBy('fulfillment_priority')
      .orderBy('id')
      .executeTakeFirst()) ?? null
  );
}
