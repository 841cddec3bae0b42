import type { Insertable } from 'kysely';
import type { MovementReason } from '@stockroom/domain';
import type { InventoryMovementTable } from '../modules/inventory/inventory.tables.js';
import { uuidv7 } from '../lib/uuid.js';
import type { SeedLevel, SeedStaff } from './orders-context.js';

/** A movement as the seed writes it: every column set, its time a Date. */
export type MovementRow = Insertable<InventoryMovementTable> & { created_at: Date; committed_delta: number };

const DAY = 86_400_000;

/**
 * Decides where each seeded order line commits its units so that no level is ever oversold, at any
 * moment of the history, and the demo keeps plenty to sell.
 *
 * Orders placed after a level's first delivery take from that delivery, but all of them together
 * at most half of what the inventory seed left there, less 3: later corrections add at most 3 units,
 * so what was on hand at any earlier moment covers every unit committed or shipped by then.
 * Orders placed before the first delivery (the catalog is older than the stock history) come out
 * of an opening stock receipt dated before them, sized to exactly those orders' units; every such
 * unit is shipped, still committed or released, so that receipt covers them at every moment too.
 */
export class StockPlanner {
  private readonly consumed: Int32Array;
  private readonly opening: Int32Array;
  private readonly firstNeed: Float64Array;

  constructor(private readonly levels: readonly SeedLevel[]) {
    this.consumed = new Int32Array(levels.length);
    this.opening = new Int32Array(levels.length);
    this.firstNeed = new Float64Array(levels.length).fill(Infinity);
  }

  /**
   * The level (index) a line placed at `at` commits at: like commitForOrder, the first location by
   * fulfillment priority that can give the whole quantity; null when none can.
   */
  allocate(levelIds: readonly number[], quantity: number, at: number): number | null {
    for (const i of levelIds) {
      const level = this.levels[i]!;
      if (at < level.receivedAt) {
        this.opening[i]! += quantity;
        this.firstNeed[i] = Math.min(this.firstNeed[i]!, at);
        return i;
      }
      const budget = Math.max(0, Math.floor((level.onHand - 3) / 2));
      if (this.consumed[i]! + quantity <= budget) {
        this.consumed[i]! += quantity;
        return i;
      }
    }
    return null;
  }

  /** Units each level's opening receipt holds (the same for the same orders placed the same way). */
  openingUnits(): Int32Array {
    return this.opening.slice();
  }

  level(i: number): SeedLevel {
    return this.levels[i]!;
  }

  /** The opening receipts, one per level that sold before its first delivery, a day before that first sale. */
  openingMovements(receiver: SeedStaff | null): { row: MovementRow; level: number }[] {
    const rows: { row: MovementRow; level: number }[] = [];
    this.levels.forEach((level, i) => {
      const units = this.opening[i]!;
      if (!units) return;
      const first = this.firstNeed[i]!;
      let at = Math.max(level.variantCreatedAt, first - DAY);
      if (at >= first) at = first - 1000;
      rows.push({ row: movement(level, 'RECEIVED', units, 0, at, 'Opening stock', receiver), level: i });
    });
    return rows;
  }
}

/**
 * A ledger row. The quantities after it are left at 0 here: orders interleave with the inventory
 * seed's own movements, so seedOrders recomputes them for every level once everything is written.
 */
export function movement(
  level: Pick<SeedLevel, 'variantId' | 'locationId'>,
  reason: MovementReason,
  onHandDelta: number,
  committedDelta: number,
  at: number,
  note: string | null,
  staff: SeedStaff | null,
  orderId: string | null = null,
): MovementRow {
  return {
    id: uuidv7(at),
    variant_id: level.variantId,
    location_id: level.locationId,
    on_hand_delta: onHandDelta,
    committed_delta: committedDelta,
    on_hand_after: 0,
    committed_after: 0,
    reason,
    note,
    staff_id: staff?.id ?? null,
    staff_name: staff?.name ?? null,
    transfer_id: null,
    order_id: orderId,
    created_at: new Date(at),
  };
}
