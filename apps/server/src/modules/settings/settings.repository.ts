import type { Executor } from '../../db/database.js';
import type { StoreSettingsRow } from '../../db/types.js';

export function getSettings(db: Executor): Promise<StoreSettingsRow> {
  return db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Creates the single settings row on first start; leaves an existing one alone. */
export async function ensureSettings(db: Executor, name: string): Promise<void> {
  await db
    .insertInto('store_settings')
    .values({ id: 1, name, contact_email: null, address: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
