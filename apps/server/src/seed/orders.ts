import type { DB, Tx } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { createRandom } from './random.js';
import { loadSeedContext, type SeedContext } from './orders-context.js';
import { draftOrder, type OrderDraft } from './orders-plan.js';
import { liveOrder } from './orders-life.js';
import { StockPlanner } from './orders-stock.js';
import { Ledger } from './orders-ledger.js';
import { withoutSecondaryIndexes } from './orders-bulk.js';
import { OrderBatch, settleAfterOrders } from './orders-writer.js';
import {
  DAYS_BY_SCALE,
  HOUR_WEIGHT,
  ORDERS_BY_SCALE,
  STORE_UTC_OFFSET_HOURS,
  WEEKDAY_WEIGHT,
} from './orders-data.js';
import type { Random } from './random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Orders generated between writes: bounds memory at the large scale, few statements at the small one. */
const ORDERS_PER_BATCH = 5_000;
/** From this many orders on, indexes and foreign keys are rebuilt once after the load instead of per row. */
const BULK_FROM = 20_000;

/**
 * The demo store's order history (SPEC §3, §4): orders in every state, placed over the last months
 * with more lately and a weekly rhythm, each with the transactions, fulfillments and stock
 * movements the real commands would have written, all in one transaction. Stock levels, customer
 * figures and the order number sequence are settled from the rows at the end. Skipped when orders
 * exist. `seed` makes it deterministic: the same store gives the same orders.
 */
export async function seedOrders(
  db: DB,
  scale: keyof typeof ORDERS_BY_SCALE,
  seed: number,
  log: Logger,
): Promise<number> {
  if ((await db.selectFrom('orders').select('id').limit(1).execute()).length) return 0;
  const started = Date.now();
  const ctx = await loadSeedContext(db, createRandom(seed));
  if (!ctx.products.length || !ctx.locations.length) return 0;
  const times = orderTimes(ctx.now, ORDERS_BY_SCALE[scale], DAYS_BY_SCALE[scale], createRandom(seed + 1));

  // A first pass places the orders only, to learn how much opening stock each level needs before
  // its first delivery; the second places the very same orders again (same random stream) and lives
  // them, with that receipt already in the ledger, so every movement's quantities are right when written.
  const probe = new StockPlanner(ctx.levels);
  await placeAll(ctx, probe, times, createRandom(seed + 2), () => {});
  const ledger = await Ledger.load(db, ctx.levels);
  for (const o of probe.openingMovements(ctx.manager)) ledger.add(o.row, o.level);

  const load = async (trx: Tx) => {
    const stock = new StockPlanner(ctx.levels);
    const life = createRandom(seed + 3);
    const batch = new OrderBatch();
    // One batch is written while the next is generated.
    let writing: Promise<void> = Promise.resolve();
    const write = async () => {
      await writing;
      writing = batch.flush(trx, ledger.take());
      // Awaited before the next write or at the end; until then a failure must not go unhandled.
      writing.catch(() => {});
    };
    const count = await placeAll(ctx, stock, times, createRandom(seed + 2), async (draft) => {
      ledger.settle(draft.createdAt);
      const planned = liveOrder(ctx, stock, life, draft);
      for (const m of planned.movements) ledger.add(m.row, m.level);
      batch.add(planned);
      if (batch.size >= ORDERS_PER_BATCH) await write();
      if ((draft.number - 1000) % 100_000 === 0)
        log.info({ orders: draft.number - 1000 }, 'demo orders so far');
    });
    if (String(stock.openingUnits()) !== String(probe.openingUnits()))
      throw new Error('The orders seed placed different orders in its two passes.');
    ledger.settle();
    await write();
    await writing;
    await ledger.writeCorrections(trx);
    return count;
  };
  const count = await inTransaction(db, async (trx) => {
    const n =
      times.length >= BULK_FROM ? await withoutSecondaryIndexes(trx, () => load(trx)) : await load(trx);
    await settleAfterOrders(trx);
    return n;
  });
  log.info({ orders: count, ms: Date.now() - started }, 'demo orders seeded');
  return count;
}

/**
 * Places an order at each time (numbered from 1001, skipping times when nothing could be sold),
 * yielding to the event loop now and then so the database connection can send a pending write.
 */
async function placeAll(
  ctx: SeedContext,
  stock: StockPlanner,
  times: Float64Array,
  random: Random,
  placed: (draft: OrderDraft) => void | Promise<void>,
): Promise<number> {
  let number = 1001;
  for (const at of times) {
    const draft = draftOrder(ctx, stock, random, number, at);
    if (!draft) continue;
    number++;
    await placed(draft);
    if (number % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return number - 1001;
}

/**
 * When the orders were placed, oldest first: busier lately (up to 2.5× the first day) and early in
 * the week, by the store's local hours, with some day-to-day noise; today only up to now.
 */
export function orderTimes(now: number, total: number, days: number, random: Random): Float64Array {
  const offset = STORE_UTC_OFFSET_HOURS * HOUR;
  const today = Math.floor((now + offset) / DAY) * DAY - offset;
  const latest = now - 5 * 60_000;
  const hourSum = HOUR_WEIGHT.reduce((a, b) => a + b, 0);
  const openHours = (start: number) => HOUR_WEIGHT.map((w, h) => (start + h * HOUR < latest ? w : 0));
  const weights = Array.from({ length: days }, (_, d) => {
    const start = today - d * DAY;
    const weekday = WEEKDAY_WEIGHT[new Date(start + offset).getUTCDay()]!;
    const elapsed = openHours(start).reduce((a, b) => a + b, 0) / hourSum;
    return (1 + 1.5 * (1 - d / days)) * weekday * (0.85 + 0.3 * random.next()) * elapsed;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const times: number[] = [];
  weights.forEach((w, d) => {
    const start = today - d * DAY;
    const expected = (total * w) / sum;
    const n = Math.floor(expected) + (random.next() < expected % 1 ? 1 : 0);
    const hours = openHours(start);
    const open = hours.reduce((a, b) => a + b, 0);
    for (let i = 0; i < n; i++) {
      let r = random.next() * open;
      let h = 0;
      while (h < 23 && r >= hours[h]!) r -= hours[h++]!;
      const at = start + h * HOUR + random.int(0, HOUR - 1);
      times.push(Math.min(at, latest - random.int(0, 30 * 60_000)));
    }
  });
  return Float64Array.from(times).sort();
}
