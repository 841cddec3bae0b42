import { sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import { uuidv7 } from '../../lib/uuid.js';

/**
 * Returned units kept aside as damaged at a level (issue #31): the level's damaged count grows,
 * never its on hand, and a RETURN_DAMAGED movement (deltas 0, the note saying how many) tells the
 * ledger where they went. Answers the levels as written.
 */
export async function addDamaged(
  trx: Tx,
  units: readonly { variantId: string; locationId: string; quantity: number; note: string }[],
  who: { staffId: string | null; staffName: string | null; orderId: string | null },
): Promise<{ id: string; variantId: string; locationId: string; version: number }[]> {
  const written = [];
  for (const u of units) {
    const { rows } = await sql<{ id: string; on_hand: number; committed: number; version: number }>`
      with level as (
        update inventory_levels set damaged = damaged + ${u.quantity}::int, updated_at = now(), version = version + 1
        where variant_id = ${u.variantId}::uuid and location_id = ${u.locationId}::uuid
        returning id, on_hand, committed, version
      ), ledger as (
        insert into inventory_movements (id, variant_id, location_id, on_hand_delta, committed_delta,
          on_hand_after, committed_after, reason, note, staff_id, staff_name, transfer_id, order_id, created_at)
        select ${uuidv7()}::uuid, ${u.variantId}::uuid, ${u.locationId}::uuid, 0, 0, level.on_hand, level.committed,
          'RETURN_DAMAGED', ${u.note}, ${who.staffId}::uuid, ${who.staffName}, null, ${who.orderId}::uuid,
          statement_timestamp()
        from level
      )
      select * from level`.execute(trx);
    const level = rows[0];
    if (level)
      written.push({
        id: level.id,
        variantId: u.variantId,
        locationId: u.locationId,
        version: level.version,
      });
  }
  return written;
}
