import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { AddressJson } from '../../db/columns.js';
import { locationRow, type Location } from './inventory.model.js';
import { uuidv7 } from '../../lib/uuid.js';

// Creating and reordering number priorities from what exists; this lock makes them take turns.
const LOCATION_WRITES_LOCK = 7726011123;

export async function lockLocationWrites(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(LOCATION_WRITES_LOCK)})`.execute(db);
}

/** Every location (or only the active ones), by fulfillment priority, then name. */
export async function listLocations(db: Executor, opts: { activeOnly?: boolean } = {}): Promise<Location[]> {
  let q = db
    .selectFrom('locations')
    .selectAll()
    .orderBy('fulfillment_priority')
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  if (opts.activeOnly) q = q.where('active', '=', true);
  return (await q.execute()).map(locationRow.of);
}

export async function findLocationsByIds(db: Executor, ids: readonly string[]): Promise<Location[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('locations').selectAll().where('id', 'in', ids).execute()).map(locationRow.of);
}

export async function findLocation(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Location | null> {
  let q = db.selectFrom('locations').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? locationRow.of(row) : null;
}

/** Names are unique regardless of case. */
export async function locationNameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('locations')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function maxFulfillmentPriority(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .select(sql<number>`coalesce(max(fulfillment_priority), 0)`.as('p'))
    .executeTakeFirstOrThrow();
  return Number(row.p);
}

export async function otherActiveLocationExists(db: Executor, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('active', '=', true)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertLocation(
  db: Executor,
  location: { name: string; address: AddressJson | null; fulfillmentPriority: number },
): Promise<Location> {
  const row = await db
    .insertInto('locations')
    .values(locationRow.write({ id: uuidv7(), ...location }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return locationRow.of(row);
}

export async function updateLocation(
  db: Executor,
  id: string,
  changes: { name: string; address: AddressJson | null; active: boolean },
): Promise<Location> {
  const row = await db
    .updateTable('locations')
    .set({ ...locationRow.write(changes), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return locationRow.of(row);
}

export async function setFulfillmentPriority(db: Executor, id: string, priority: number): Promise<void> {
  await db.updateTable('locations').set({ fulfillment_priority: priority }).where('id', '=', id).execute();
}
