import { sql } from 'kysely';
import { DomainError, ON_HAND_LIMIT, onHandInRange, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudits } from '../audit/audit.service.js';
import { emitEvent } from '../events/events.service.js';
import type { ImportedCount } from './product-import-stock.js';

/**
 * The levels of variants an import just made (issue #29), each written once with the file's count:
 * a level at every active location for each variant that tracks stock (as ensureLevelsOfVariants
 * makes them), and one for each count the file sets; a count that is not zero gets its IMPORT
 * movement (on hand after = the count, so the ledger equals on hand) in the same statement. The
 * level's sort key is computed here for the whole batch: the insert trigger (migration 280) only
 * computes it row by row when none is given. Then, as setImportedCounts records a count: an
 * `inventory.adjust` audit event and an `inventory_level.updated` domain event per moved level.
 *
 * Called by productsCreateMany in place of its zero levels, before the products' summaries
 * (product_stock) and automated collections are computed, so those read the counts. A count out of
 * range throws (the caller's batch is rolled back; row by row, that product alone fails in words).
 */
export async function importNewLevels(
  trx: Tx,
  actor: Actor,
  variantIds: readonly string[],
  counts: readonly ImportedCount[],
): Promise<void> {
  if (!variantIds.length && !counts.length) return;
  const errors: UserError[] = counts
    .filter((c) => !onHandInRange(c.onHand))
    .map((c) => ({
      field: c.field,
      code: 'OUT_OF_RANGE',
      message: `On hand would be ${c.onHand.toLocaleString('en-US')}; it must stay within ±${ON_HAND_LIMIT.toLocaleString('en-US')}.`,
    }));
  if (errors.length) throw new DomainError(errors);
  // The last count of a level wins, as setting them one after another would leave it.
  const byLevel = new Map(counts.map((c) => [`${c.variantId}/${c.locationId}`, c]));
  const set = [...byLevel.values()];
  const moved = set.filter((c) => c.onHand !== 0);
  const movementIds = moved.map(() => uuidv7());
  const staffId = actor.viewer?.staffId ?? null;
  const staffName = actor.viewer ? actor.viewer.name || actor.viewer.email : null;
  const location = `lpad((loc.fulfillment_priority::bigint + 2147483648)::text, 11, '0') || ' ' || lower(loc.name)`;
  const { rows } = await sql<{ id: string; variant_id: string; location_id: string; version: number }>`
    with counts as (
      select * from unnest(${set.map((c) => c.variantId)}::uuid[], ${set.map((c) => c.locationId)}::uuid[],
        ${set.map((c) => c.onHand)}::int[]) as c(variant_id, location_id, on_hand)
    ), pairs as (
      select v.id as variant_id, l.id as location_id from product_variants v cross join locations l
      where v.id = any(${[...variantIds]}::uuid[]) and v.track_inventory and l.active
      union
      select variant_id, location_id from counts
    ), levels as (
      insert into inventory_levels (variant_id, location_id, on_hand, product_sort_key)
      select k.variant_id, k.location_id, coalesce(c.on_hand, 0),
        lower(p.title) || ' ' || lpad(v.position::text, 5, '0') || ' ' || ${sql.raw(location)}
      from pairs k
      left join counts c on c.variant_id = k.variant_id and c.location_id = k.location_id
      join product_variants v on v.id = k.variant_id
      join products p on p.id = v.product_id
      join locations loc on loc.id = k.location_id
      order by k.variant_id, k.location_id
      returning id, variant_id, location_id, version, on_hand
    ), ledger as (
      insert into inventory_movements (id, variant_id, location_id, on_hand_delta, committed_delta,
        on_hand_after, committed_after, reason, note, staff_id, staff_name, created_at)
      select m.id, m.variant_id, m.location_id, m.on_hand, 0, m.on_hand, 0, 'IMPORT', null,
        ${staffId}::uuid, ${staffName}::text, statement_timestamp()
      from unnest(${movementIds}::uuid[], ${moved.map((c) => c.variantId)}::uuid[],
        ${moved.map((c) => c.locationId)}::uuid[], ${moved.map((c) => c.onHand)}::int[])
        as m(id, variant_id, location_id, on_hand)
    )
    select id, variant_id, location_id, version from levels where on_hand <> 0`.execute(trx);
  for (const level of rows)
    emitEvent(trx, actor, {
      type: 'inventory_level.updated',
      subjectType: 'InventoryLevel',
      subjectId: level.id,
      version: level.version,
      payload: { variantId: level.variant_id, locationId: level.location_id },
    });
  await recordAudits(
    trx,
    actor,
    moved.map((c) => ({
      action: 'inventory.adjust',
      subjectType: 'ProductVariant',
      subjectId: c.variantId,
      changes: {
        onHand: { before: 0, after: c.onHand },
        location: { before: null, after: c.locationId },
        reason: { before: null, after: 'IMPORT' },
      },
    })),
  );
}
