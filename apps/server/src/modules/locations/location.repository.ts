import type { Executor } from '../../db/database.js';
import type { AddressJson, LocationRow } from '../../db/types.js';
import { uuidv7 } from '../../lib/uuid.js';

export function listLocations(db: Executor): Promise<LocationRow[]> {
  return db.selectFrom('locations').selectAll().orderBy('fulfillment_priority').orderBy('id').execute();
}

export async function insertLocation(
  db: Executor,
  location: { name: string; address: AddressJson | null; fulfillmentPriority: number },
): Promise<LocationRow> {
  return db
    .insertInto('locations')
    .values({
      id: uuidv7(),
      name: location.name,
      address: location.address ? JSON.stringify(location.address) : null,
      fulfillment_priority: location.fulfillmentPriority,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
