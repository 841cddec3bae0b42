import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { rateRow, zoneRow, type ShippingRate, type ShippingZone } from './shipping.model.js';
import { uuidv7 } from '../../lib/uuid.js';

// Zone writes check which countries other zones hold; this lock makes them take turns.
const ZONE_WRITES_LOCK = 7726011124;

export async function lockZoneWrites(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(ZONE_WRITES_LOCK)})`.execute(db);
}

// ---- Zones ----

export async function listZones(db: Executor): Promise<ShippingZone[]> {
  return (await db.selectFrom('shipping_zones').selectAll().orderBy('name').execute()).map(zoneRow.of);
}

export async function findZone(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ShippingZone | null> {
  let q = db.selectFrom('shipping_zones').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? zoneRow.of(row) : null;
}

/** Zones holding any of these countries ("*" included), other than `exceptZoneId`. */
export async function zonesHoldingAny(
  db: Executor,
  countries: string[],
  exceptZoneId: string | null = null,
): Promise<ShippingZone[]> {
  let q = db
    .selectFrom('shipping_zones')
    .selectAll()
    .where(sql<boolean>`countries && ${sql.val(countries)}::text[]`);
  if (exceptZoneId) q = q.where('id', '!=', exceptZoneId);
  return (await q.execute()).map(zoneRow.of);
}

export async function insertZone(
  db: Executor,
  zone: { name: string; countries: string[] },
): Promise<ShippingZone> {
  const row = await db
    .insertInto('shipping_zones')
    .values(zoneRow.write({ id: uuidv7(), name: zone.name, countries: zone.countries }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return zoneRow.of(row);
}

export async function updateZone(
  db: Executor,
  id: string,
  zone: { name: string; countries: string[] },
): Promise<ShippingZone> {
  const row = await db
    .updateTable('shipping_zones')
    .set({
      ...zoneRow.write({ name: zone.name, countries: zone.countries }),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return zoneRow.of(row);
}

export async function deleteZone(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shipping_zones').where('id', '=', id).execute();
}

// ---- Rates ----

/** What a rate's create or update writes. */
export type RateValues = Pick<ShippingRate, 'name' | 'price' | 'minSubtotal' | 'maxSubtotal' | 'freeAbove'>;

/** A zone's rates in the order they were added. */
export async function ratesOfZone(db: Executor, zoneId: string): Promise<ShippingRate[]> {
  const rows = await db
    .selectFrom('shipping_rates')
    .selectAll()
    .where('zone_id', '=', zoneId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(rateRow.of);
}

export async function findRate(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ShippingRate | null> {
  let q = db.selectFrom('shipping_rates').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? rateRow.of(row) : null;
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

export async function insertRate(
  db: Executor,
  zoneId: string,
  position: number,
  rate: RateValues,
): Promise<ShippingRate> {
  const row = await db
    .insertInto('shipping_rates')
    .values(rateRow.write({ id: uuidv7(), zoneId, position, ...rate }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return rateRow.of(row);
}

export async function updateRate(db: Executor, id: string, rate: RateValues): Promise<ShippingRate> {
  const row = await db
    .updateTable('shipping_rates')
    .set({ ...rateRow.write(rate), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return rateRow.of(row);
}

export async function deleteRate(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shipping_rates').where('id', '=', id).execute();
}
