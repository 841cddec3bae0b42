import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import type { Random } from './random.js';
import { loadSeedContext } from './orders-context.js';
import { draftOrder } from './orders-plan.js';
import { liveOrder } from './orders-life.js';
import { StockPlanner } from './orders-stock.js';
import { OrderBatch, insertMovements, settleAfterOrders } from './orders-writer.js';
import {
  DAYS_BY_SCALE,
  HOUR_WEIGHT,
  ORDERS_BY_SCALE,
  STORE_UTC_OFFSET_HOURS,
  WEEKDAY_WEIGHT,
} from './orders-data.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Orders generated between writes: bounds memory at the large scale, few statements at the small one. */
const ORDERS_PER_BATCH = 2_000;

/**
 * The demo store's order history (SPEC §3, §4): orders in every state, placed over the last months
 * with more lately and a weekly rhythm, each with the transactions, fulfillments and stock
 * movements the real commands would have written, in one transaction. Stock, customer figures and
 * the order number sequence are settled from the rows at the end. Skipped when orders exist.
 */
export async function seedOrders(
  db: DB,
  scale: keyof typeof ORDERS_BY_SCALE,
  random: Random,
  log: Logger,
): Promise<number> {
  if ((await db.selectFrom('orders').select('id').limit(1).execute()).length) return 0;
  const started = Date.now();
  const ctx = await loadSeedContext(db, random);
  if (!ctx.products.length || !ctx.locations.length) return 0;
  const times = orderTimes(ctx.now, ORDERS_BY_SCALE[scale], DAYS_BY_SCALE[scale], random);
  const stock = new StockPlanner(ctx.levels);
  const batch = new OrderBatch();
  let count = 0;
  let flushMs = 0;
  await inTransaction(db, async (trx) => {
    for (const at of times) {
      const draft = draftOrder(ctx, stock, random, 1001 + count, at);
      if (!draft) continue;
      batch.add(liveOrder(ctx, stock, random, draft));
      count++;
      if (batch.size >= ORDERS_PER_BATCH) {
        const f0=Date.now(); await batch.flush(trx); flushMs+=Date.now()-f0;
        if (count % 100_000 === 0) log.info({ orders: count }, 'demo orders written so far');
      }
    }
    await batch.flush(trx);
    console.log('loop', Date.now()-started);
    await insertMovements(trx, stock.openingMovements(ctx.manager));
    console.log('flushes', flushMs, (globalThis as any).T);
    await settleAfterOrders(trx);
  });
  log.info({ orders: count, ms: Date.now() - started }, 'demo orders seeded');
  return count;
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
