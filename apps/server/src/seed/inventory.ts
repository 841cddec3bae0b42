import type { Insertable } from 'kysely';
import type { DB } from '../db/database.js';
import type { InventoryLevelTable, InventoryMovementTable } from '../modules/inventory/inventory.tables.js';
import type { MovementReason } from '@stockroom/domain';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { uuidv7 } from '../lib/uuid.js';
import type { Random } from './random.js';

/**
 * Stock for every tracked variant at every location, some low and some out, with a believable
 * history: a delivery received, then now and then damage, shrinkage or a recount. Each level's
 * ledger adds up to its on-hand quantity.
 */
export async function seedInventory(db: DB, random: Random, log: Logger): Promise<number> {
  if ((await db.selectFrom('inventory_levels').select('variant_id').limit(1).execute()).length) return 0;
  const locations = await db.selectFrom('locations').select(['id']).orderBy('fulfillment_priority').execute();
  if (!locations.length) return 0;
  const names = ['Maya Okafor', 'Sofia Alvarez', 'Liam Chen'];
  const now = Date.now();
  let count = 0;
  let lastId: string | null = null;
  for (;;) {
    let q = db
      .selectFrom('product_variants')
      .select(['id', 'created_at'])
      .where('track_inventory', '=', true)
      .orderBy('id')
      .limit(2000);
    if (lastId) q = q.where('id', '>', lastId);
    const variants = await q.execute();
    if (!variants.length) break;
    lastId = variants.at(-1)!.id;
    const levels: Insertable<InventoryLevelTable>[] = [];
    const movements: Insertable<InventoryMovementTable>[] = [];
    for (const v of variants) {
      for (const [li, l] of locations.entries()) {
        // Not every store stocks everything: a level at zero (every tracked variant has one at
        // every active location, so it can be received there).
        if (li > 0 && random.chance(0.35)) {
          levels.push({
            variant_id: v.id,
            location_id: l.id,
            created_at: new Date(v.created_at),
            updated_at: new Date(now),
          });
          continue;
        }
        const roll = random.next();
        const received = roll < 0.08 ? 0 : roll < 0.2 ? random.int(1, 6) : random.int(8, li === 0 ? 140 : 40);
        let onHand = 0;
        // Deliveries land between the variant's creation (at most 90 days back) and ten days ago;
        // later movements follow in order, never after now.
        const start = Math.min(
          now - 10 * 86_400_000,
          Math.max(new Date(v.created_at).getTime(), now - 90 * 86_400_000),
        );
        let clock = start;
        const later = (maxDays: number) =>
          (clock = Math.min(
            now - 60_000,
            clock + random.int(1, maxDays) * 86_400_000 + random.int(0, 86_399) * 1000,
          ));
        const step = (
          reason: MovementReason,
          delta: number,
          at: number,
          staff: string | null,
          note: string | null,
        ) => {
          onHand += delta;
          movements.push({
            id: uuidv7(at),
            variant_id: v.id,
            location_id: l.id,
            on_hand_delta: delta,
            committed_delta: 0,
            on_hand_after: onHand,
            committed_after: 0,
            reason,
            note,
            staff_id: null,
            staff_name: staff,
            transfer_id: null,
            created_at: new Date(at),
          });
        };
        if (received > 0) {
          step('RECEIVED', received, start, random.pick(names), `PO ${random.int(1000, 1999)}`);
          if (received > 6 && random.chance(0.15))
            step('DAMAGED', -random.int(1, 3), later(4), random.pick(names), 'Water damage in receiving');
          if (received > 6 && random.chance(0.2))
            step('CORRECTION', random.int(-4, 3) || 1, later(3), random.pick(names), 'Cycle count');
          if (onHand > 0 && roll > 0.2 && roll < 0.3)
            step('SHRINKAGE', -Math.min(onHand, random.int(1, 3)), later(2), random.pick(names), null);
        }
        levels.push({
          variant_id: v.id,
          location_id: l.id,
          on_hand: onHand,
          created_at: new Date(start),
          updated_at: new Date(now),
        });
      }
    }
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < levels.length; i += 1000)
        await trx
          .insertInto('inventory_levels')
          .values(levels.slice(i, i + 1000))
          .execute();
      for (let i = 0; i < movements.length; i += 1000)
        await trx
          .insertInto('inventory_movements')
          .values(movements.slice(i, i + 1000))
          .execute();
    });
    count += levels.length;
  }
  log.info({ levels: count }, 'demo stock seeded');
  return count;
}
