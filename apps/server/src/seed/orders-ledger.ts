import { sql } from 'kysely';
import type { DB, Tx } from '../db/database.js';
import type { SeedLevel } from './orders-context.js';
import type { MovementRow } from './orders-stock.js';

interface Entry {
  at: number;
  id: string;
  level: number;
  onHand: number;
  committed: number;
  /** The order movement to write; null for a movement the inventory seed already wrote. */
  row: MovementRow | null;
  storedOnHand: number;
  storedCommitted: number;
}

const before = (a: Entry, b: Entry) => a.at < b.at || (a.at === b.at && a.id < b.id);

/**
 * Puts every movement of the seeded levels in time order (created_at, then id, as the stock
 * history reads them) and fills in the quantities each one leaves behind. The orders' movements
 * interleave with the inventory seed's, and an order's shipment comes days after later orders were
 * placed; since no movement is ever made for a moment before the order being generated, everything
 * earlier than that order is final and can be written. Movements already stored whose quantities
 * change (an order's commitment now precedes them) are collected for one update at the end.
 */
export class Ledger {
  private readonly onHand: Int32Array;
  private readonly committed: Int32Array;
  private readonly heap: Entry[] = [];
  /** Order movements with their quantities, ready to write. */
  private ready: MovementRow[] = [];
  /** Stored movements whose quantities after change. */
  readonly corrections: { id: string; onHand: number; committed: number }[] = [];

  private constructor(levels: number) {
    this.onHand = new Int32Array(levels);
    this.committed = new Int32Array(levels);
  }

  /** A ledger over these levels holding the movements they already have. */
  static async load(db: DB, levels: readonly SeedLevel[]): Promise<Ledger> {
    const ledger = new Ledger(levels.length);
    const index = new Map(levels.map((l, i) => [`${l.variantId}/${l.locationId}`, i]));
    let last: string | null = null;
    for (;;) {
      let q = db
        .selectFrom('inventory_movements')
        .select([
          'id',
          'variant_id',
          'location_id',
          'on_hand_delta',
          'committed_delta',
          'on_hand_after',
          'committed_after',
          'created_at',
        ])
        .orderBy('id')
        .limit(20_000);
      if (last) q = q.where('id', '>', last);
      const page = await q.execute();
      if (!page.length) break;
      last = page.at(-1)!.id;
      for (const m of page) {
        const level = index.get(`${m.variant_id}/${m.location_id}`);
        if (level === undefined) continue;
        ledger.push({
          at: new Date(m.created_at).getTime(),
          id: m.id,
          level,
          onHand: m.on_hand_delta,
          committed: m.committed_delta,
          row: null,
          storedOnHand: m.on_hand_after,
          storedCommitted: m.committed_after,
        });
      }
    }
    return ledger;
  }

  add(row: MovementRow, level: number): void {
    this.push({
      at: row.created_at.getTime(),
      id: row.id,
      level,
      onHand: row.on_hand_delta,
      committed: row.committed_delta,
      row,
      storedOnHand: 0,
      storedCommitted: 0,
    });
  }

  /** The order movements settled since the last call. */
  take(): MovementRow[] {
    const ready = this.ready;
    this.ready = [];
    return ready;
  }

  /** Settles every movement earlier than `at` (all of them when omitted). */
  settle(at = Infinity): void {
    while (this.heap.length && this.heap[0]!.at < at) {
      const e = this.pop();
      const onHand = (this.onHand[e.level]! += e.onHand);
      const committed = (this.committed[e.level]! += e.committed);
      if (e.row) {
        e.row.on_hand_after = onHand;
        e.row.committed_after = committed;
        this.ready.push(e.row);
      } else if (onHand !== e.storedOnHand || committed !== e.storedCommitted) {
        this.corrections.push({ id: e.id, onHand, committed });
      }
    }
  }

  /** Writes the corrected quantities of stored movements. */
  async writeCorrections(trx: Tx): Promise<void> {
    for (let i = 0; i < this.corrections.length; i += 5_000) {
      const chunk = this.corrections.slice(i, i + 5_000);
      await sql`update inventory_movements m set on_hand_after = x.on_hand, committed_after = x.committed
        from unnest(${chunk.map((c) => c.id)}::uuid[], ${chunk.map((c) => c.onHand)}::int4[],
          ${chunk.map((c) => c.committed)}::int4[]) as x(id, on_hand, committed)
        where m.id = x.id`.execute(trx);
    }
  }

  private push(e: Entry): void {
    const h = this.heap;
    let i = h.push(e) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(e, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = e;
  }

  private pop(): Entry {
    const h = this.heap;
    const top = h[0]!;
    const end = h.pop()!;
    if (h.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const c = l + 1 < h.length && before(h[l + 1]!, h[l]!) ? l + 1 : l;
        if (!before(h[c]!, end)) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = end;
    }
    return top;
  }
}
