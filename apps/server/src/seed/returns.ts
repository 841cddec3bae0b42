import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { sql } from 'kysely';
import type { Random } from './random.js';
import { planReturns } from './returns-plan.js';
import type { CandidateLine, CandidateOrder, Txn } from './returns-planner.js';
import { writeReturns } from './returns-write.js';

/** Returns by store size: about one shipped order in two has had one at the small scale. */
export const RETURNS_BY_SCALE = { small: 1_000, medium: 2_500, large: 10_000 } as const;

/**
 * The demo store's returns (issue #31): about a thousand over shipped, paid orders, in every state,
 * dated after the order shipped, written set-based, a statement per table. Each leaves exactly the
 * rows the commands would (returnCreate, returnOpen, returnReceive, returnSettle, returnClose,
 * returnCancel): lines with their received/restocked/damaged/missing counts, receipts,
 * RESTOCKED and RETURN_DAMAGED movements with the levels' on hand and damaged counts, the
 * settlement's credit and fees with its money-only refund and REFUND transaction, the units credited
 * on the order lines, the order's payment status and the customer's spend, and the audit entries
 * that make the order's timeline. Credits come from the domain's settleReturn, as returnSettle's.
 * Orders with refunds are left out, so no unit is both refunded and returned here. Skipped when
 * returns exist.
 */
export async function seedReturns(
  db: DB,
  scale: keyof typeof RETURNS_BY_SCALE,
  random: Random,
  log: Logger,
): Promise<number> {
  if ((await db.selectFrom('returns').select('id').limit(1).execute()).length) return 0;
  const started = Date.now();
  const now = Date.now() - 10 * 60_000;
  const staffRows = await db.selectFrom('staff').select(['id', 'email', 'name']).execute();
  const person = (email: string) => {
    const s = staffRows.find((r) => r.email === email);
    return s ? { id: s.id, name: s.name || s.email } : { id: null, name: 'system' };
  };
  const support = person('noah@northwind-outfitters.example');
  const warehouse = person('sofia@northwind-outfitters.example');
  const prefix =
    (await db.selectFrom('store_settings').select('order_number_prefix').executeTakeFirst())
      ?.order_number_prefix ?? '#';
  const locationNames = new Map(
    (await db.selectFrom('locations').select(['id', 'name']).execute()).map((l) => [l.id, l.name]),
  );

  // A big store's orders are sampled evenly (every n-th number), so only a few thousand are read.
  const target = RETURNS_BY_SCALE[scale];
  const total = await db
    .selectFrom('orders')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const every = Math.max(1, Math.floor(Number(total.n) / (target * 3)));
  const { rows: orders } = await sql<CandidateOrder>`
    select o.id, o.number, o.customer_id, o.total, o.prices_include_tax,
      (select max(f.created_at) from fulfillments f where f.order_id = o.id and f.status = 'SUCCESS') as shipped_at,
      (select t.id from order_transactions t where t.order_id = o.id and t.status = 'SUCCESS'
         and t.kind in ('CAPTURE', 'SALE') order by t.created_at desc, t.id desc limit 1) as payment_id
    from orders o
    where o.status <> 'CANCELLED' and o.payment_status = 'PAID' and o.number % ${every} = 0
      and not exists (select 1 from refunds r where r.order_id = o.id)
      and exists (select 1 from order_lines l where l.order_id = o.id and l.fulfilled_quantity > 0)
    order by o.number`.execute(db);
  if (!orders.length) return 0;
  const { rows: lines } = await sql<CandidateLine>`
    select l.id, l.order_id, l.quantity, l.fulfilled_quantity, l.refunded_quantity, l.unit_price,
      l.discount, l.tax, l.variant_id, l.location_id, l.sku, l.product_title
    from order_lines l join orders o on o.id = l.order_id
    where o.status <> 'CANCELLED' and o.payment_status = 'PAID' and o.number % ${every} = 0
      and not exists (select 1 from refunds r where r.order_id = o.id)
    order by l.order_id, l.position`.execute(db);
  const { rows: txns } = await sql<Txn>`
    select t.order_id, t.kind, t.status, t.amount::float8 as amount
    from order_transactions t join orders o on o.id = t.order_id
    where o.status <> 'CANCELLED' and o.payment_status = 'PAID' and o.number % ${every} = 0`.execute(db);
  const linesOf = new Map<string, CandidateLine[]>();
  for (const l of lines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
  const txnsOf = new Map<string, Txn[]>();
  for (const t of txns)
    txnsOf.set(t.order_id, [...(txnsOf.get(t.order_id) ?? []), { ...t, amount: Number(t.amount) }]);

  const { plan, made } = planReturns({
    orders,
    linesOf,
    txnsOf,
    target,
    now,
    prefix,
    support,
    warehouse,
    locationNames,
    random,
  });
  await writeReturns(db, plan);
  log.info({ returns: made, ms: Date.now() - started }, 'demo returns seeded');
  return made;
}
