import type { Executor } from '../../db/database.js';
import type { StoreSettingsRow } from '../../db/types.js';

export function getSettings(db: Executor): Promise<StoreSettingsRow> {
  return db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** How long a read of the settings serves other requests of this process. */
const SETTINGS_MAX_AGE_MS = 2_000;
const cached = new WeakMap<Executor, { at: number; row: Promise<StoreSettingsRow> }>();

/**
 * The settings as read at most 2 s ago by this process, for what every request needs (currency,
 * low-stock threshold) and must not cost a round trip each time. `shopUpdate` forgets the copy at
 * once; another instance sees a change within 2 s. Writes always read the row itself, locked.
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
