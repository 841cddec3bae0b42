import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ShippingRateRow, ShippingZoneRow } from './shipping.tables.js';
import { uuidv7 } from '../../lib/uuid.js';

// Zone writes check which countries other zones hold; this lock makes them take turns.
const ZONE_WRITES_LOCK = 7726011124;

export async function lockZoneWrites(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(ZONE_WRITES_LOCK)})`.execute(db);
}

// ---- Zones ----

export function listZones(db: Executor): Promise<ShippingZoneRow[]> {
  return db.selectFrom('shipping_zones').selectAll().orderBy('name').execute();
}

export async function findZone(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ShippingZoneRow | null> {
  let q = db.selectFrom('shipping_zones').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst()) ?? null;
}

/** Zones holding any of these countries ("*" included), other than `exceptZoneId`. */
export function zonesHoldingAny(
  db: Executor,
  countries: string[],
  exceptZoneId: string | null = null,
): Promise<ShippingZoneRow[]> {
  let q = db
    .selectFrom('shipping_zones')
    .selectAll()
    .where(sql<boolean>`countries && ${sql.val(countries)}::text[]`);
  if (exceptZoneId) q = q.where('id', '!=', exceptZoneId);
  return q.execute();
}

export function insertZone(
  db: Executor,
  zone: { name: string; countries: string[] },
): Promise<ShippingZoneRow> {
  return db
    .insertInto('shipping_zones')
    .values({ id: uuidv7(), name: zone.name, countries: zone.countries })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateZone(
  db: Executor,
  id: string,
  zone: { name: string; countries: string[] },
): Promise<ShippingZoneRow> {
  return db
    .updateTable('shipping_zones')
    .set({ name: zone.name, countries: zone.countries, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteZone(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shipping_zones').where('id', '=', id).execute();
}

// ---- Rates ----

export interface RateColumns {
  name: string;
  price: number;
  min_subtotal: number | null;
  max_subtotal: number | null;
  free_above: number | null;
}

/** A zone's rates in the order they were added. */
export function ratesOfZone(db: Executor, zoneId: string): Promise<ShippingRateRow[]> {
  return db
    .selectFrom('shipping_rates')
    .selectAll()
    .where('zone_id', '=', zoneId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findRate(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ShippingRateRow | null> {
  let q = db.selectFrom('shipping_rates').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst()) ?? null;
}

/** The next position in a zone (0 for its first rate). */
export async function nextRatePosition(db: Executor, zoneId: string): Promise<number> {
  const row = await db
    .selectFrom('shipping_rates')
    .select(sql<number>`coalesce(max(position), -1)`.as('p'))
    .where('zone_id', '=', zoneId)
    .executeTakeFirstOrThrow();
  return Number(row.p) + 1;
}

export function insertRate(
  db: Executor,
  zoneId: string,
  position: number,
  rate: RateColumns,
): Promise<ShippingRateRow> {
  return db
    .insertInto('shipping_rates')
    .values({ id: uuidv7(), zone_id: zoneId, position, ...rate })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateRate(db: Executor, id: string, rate: RateColumns): Promise<ShippingRateRow> {
  return db
    .updateTable('shipping_rates')
    .set({ ...rate, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRate(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shipping_rates').where('id', '=', id).execute();
}
