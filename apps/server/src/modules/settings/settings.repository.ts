import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { StoreSettingsRow } from './settings.tables.js';

export function getSettings(db: Executor): Promise<StoreSettingsRow> {
  return db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** How long a read of the settings serves other requests of this process. */
const SETTINGS_MAX_AGE_MS = 2_000;
const cached = new WeakMap<Executor, { at: number; row: Promise<StoreSettingsRow> }>();

/**
 * The settings as read at most 2 s ago by this process, for what every request needs (currency,
 * low-stock threshold) and must not cost a round trip each time. The `shopUpdate` mutation forgets
 * the copy once it commits; another instance sees a change within 2 s. Writes always read the row itself, locked.
 */
export function getSettingsCached(db: Executor): Promise<StoreSettingsRow> {
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
export function lockSettings(db: Executor): Promise<StoreSettingsRow> {
  return db
    .selectFrom('store_settings')
    .selectAll()
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export type SettingsColumns = Pick<
  StoreSettingsRow,
  | 'name'
  | 'contact_email'
  | 'currency_code'
  | 'timezone'
  | 'weight_unit'
  | 'order_number_prefix'
  | 'low_stock_threshold'
  | 'prices_include_tax'
> & { address: StoreSettingsRow['address'] };

export function updateSettings(db: Executor, columns: SettingsColumns): Promise<StoreSettingsRow> {
  return db
    .updateTable('store_settings')
    .set({
      ...columns,
      address: columns.address ? JSON.stringify(columns.address) : null,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether any order exists (their amounts are in the store's currency). */
export async function anyOrderExists(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('orders').select('id').limit(1).executeTakeFirst());
}

/** Whether any variant exists (each has a price in the store's currency). */
export async function anyVariantExists(db: Executor): Promise<boolean> {
  return Boolean(await db.selectFrom('product_variants').select('id').limit(1).executeTakeFirst());
}
