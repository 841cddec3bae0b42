import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { StoreSettingsRow } from './settings.tables.js';
import { shopRow, type Shop } from './settings.model.js';

export async function getSettings(db: Executor): Promise<Shop> {
  return shopRow.of(
    await db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
  );
}

/** How long a read of the settings serves other requests of this process. */
const SETTINGS_MAX_AGE_MS = 2_000;
const cached = new WeakMap<Executor, { at: number; row: Promise<Shop> }>();

/**
 * The settings as read at most 2 s ago by this process, for what every request needs (currency,
 * low-stock threshold) and must not cost a round trip each time. The `shopUpdate` mutation forgets
 * the copy once it commits; another instance sees a change within 2 s. Writes always read the row itself, locked.
 */
export function getSettingsCached(db: Executor): Promise<Shop> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < SETTINGS_MAX_AGE_MS) return hit.row;
  const row = getSettings(db);
  cached.set(db, { at: Date.now(), row });
  row.catch(() => cached.delete(db));
  return row;
}

export function forgetCachedSettings(db: Executor): void {
  cached.delete(db);
}

/** Creates the single settings row on first start; leaves an existing one alone. */
export async function ensureSettings(db: Executor, name: string): Promise<void> {
  await db
    .insertInto('store_settings')
    .values({ id: 1, name, contact_email: null, address: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The settings row, locked for the rest of the transaction. */
export async function lockSettings(db: Executor): Promise<Shop> {
  return shopRow.of(
    await db
      .selectFrom('store_settings')
      .selectAll()
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow(),
  );
}

export type SettingsChange = Omit<Shop, 'createdAt' | 'updatedAt' | 'version'>;

export async function updateSettings(db: Executor, change: SettingsChange): Promise<Shop> {
  const row: StoreSettingsRow = await db
    .updateTable('store_settings')
    .set({ ...shopRow.write(change), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
  return shopRow.of(row);
}

/** Whether any order exists (their amounts are in the store's currency). */
export async function anyOrderExists(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('orders').select('id').limit(1).executeTakeFirst());
}

/** Whether any variant exists (each has a price in the store's currency). */
export async function anyVariantExists(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('product_variants').select('id').limit(1).executeTakeFirst());
}
