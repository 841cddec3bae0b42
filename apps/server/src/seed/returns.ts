import {
  paymentStatus,
  paymentSums,
  RETURN_DISPOSITION_LABELS,
  RETURN_REASON_LABELS,
  settleReturn,
  type ReturnDisposition,
  type ReturnReason,
  type ReturnStatus,
  type TransactionKind,
  type TransactionStatus,
} from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB, Tx } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { inTransaction } from '../lib/unit-of-work.js';
import { uuidv7 } from '../lib/uuid.js';
import type { Random } from './random.js';

/** Returns by store size: about one shipped order in two has had one at the small scale. */
export const RETURNS_BY_SCALE = { small: 1_000, medium: 2_500, large: 10_000 } as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const REASON_WEIGHTS: [ReturnReason, number][] = [
  ['SIZE_TOO_SMALL', 20],
  ['SIZE_TOO_LARGE', 20],
  ['UNWANTED', 18],
  ['DEFECTIVE', 12],
  ['NOT_AS_DESCRIBED', 12],
  ['WRONG_ITEM', 8],
  ['OTHER', 10],
];
const LINE_NOTES: Record<ReturnReason, (string | null)[]> = {
  SIZE_TOO_SMALL: ['Runs a size small', 'Too tight across the shoulders', null, null],
  SIZE_TOO_LARGE: ['Too long in the sleeves', 'Runs large, wants one size down', null, null],
  UNWANTED: ['Changed their mind', 'Gift, already had one', 'Bought two to compare, keeping the other', null],
  DEFECTIVE: ['Seam came apart after one wear', 'Zip broken on arrival', 'Stitching loose at the hem'],
  NOT_AS_DESCRIBED: ['Colour darker than the photos', 'Fabric thinner than described', null],
  WRONG_ITEM: ['Received a different colour', 'Wrong size in the box', 'Label says another product'],
  OTHER: ['Arrived too late for the trip', 'Duplicate order', null],
};
const RETURN_NOTES = [
  'Customer emailed photos of the item.',
  'Prepaid label sent by email.',
  'Customer will drop it at the post office this week.',
  'Called in; asked for a refund to the original card.',
  'Parcel tracked with the carrier.',
];
/** Share of each state among the demo's returns (a CLOSED return is the common end). */
const STATE_WEIGHTS: [ReturnStatus, number][] = [
  ['REQUESTED', 10],
  ['OPEN', 15],
  ['PARTIALLY_RECEIVED', 10],
  ['RECEIVED', 15],
  ['CLOSED', 40],
  ['CANCELLED', 10],
];

function weighted<T>(random: Random, items: readonly [T, number][]): T {
  const sum = items.reduce((n, [, w]) => n + w, 0);
  let r = random.next() * sum;
  for (const [item, w] of items) {
    if ((r -= w) < 0) return item;
  }
  return items.at(-1)![0];
}

interface CandidateOrder {
  id: string;
  number: number;
  customer_id: string | null;
  total: string | number;
  prices_include_tax: boolean;
  shipped_at: Date | string;
  payment_id: string | null;
}
interface CandidateLine {
  id: string;
  order_id: string;
  quantity: number;
  fulfilled_quantity: number;
  refunded_quantity: number;
  unit_price: string | number;
  discount: string | number;
  tax: string | number;
  variant_id: string | null;
  location_id: string | null;
  sku: string | null;
  product_title: string;
}
interface Txn {
  order_id: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: number;
}

/** Inserts rows, one statement for all, from one JSON parameter (the columns those of the first row). */
async function insertRows(trx: Tx, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(table)} (${list})
    select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`.execute(
    trx,
  );
}

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

  // What is written, row by row, then once per table.
  const returnRows: Record<string, unknown>[] = [];
  const lineRows: Record<string, unknown>[] = [];
  const receiptRows: Record<string, unknown>[] = [];
  const movementRows: Record<string, unknown>[] = [];
  const auditRows: Record<string, unknown>[] = [];
  const transactionRows: Record<string, unknown>[] = [];
  const refundRows: Record<string, unknown>[] = [];
  const credited = new Map<string, number>();
  const levelDeltas = new Map<
    string,
    { variant_id: string; location_id: string; on_hand: number; damaged: number }
  >();
  const orderChanges: { id: string; total_refunded: number; payment_status: string; at: string }[] = [];
  const spendTaken = new Map<string, number>();

  const iso = (ms: number) => new Date(ms).toISOString();
  const audit = (
    at: number,
    who: { id: string | null; name: string },
    action: string,
    orderId: string,
    changes: Record<string, { before: unknown; after: unknown }>,
  ) =>
    auditRows.push({
      id: uuidv7(at),
      actor_type: who.id ? 'staff' : 'system',
      actor_id: who.id,
      actor_name: who.id ? who.name : null,
      action,
      subject_type: 'Order',
      subject_id: orderId,
      changes,
      created_at: iso(at),
    });
  /** The next step's time: a while after `t`, never later than halfway to now. */
  const after = (t: number, minHours: number, maxHours: number) =>
    t + Math.min((now - t) / 2, random.int(minHours * 60, maxHours * 60) * 60_000);

  // Oldest shipments first in the shuffle's tie-break; each order is visited once.
  const visit = orders.map((o, i) => ({ o, key: random.next(), i })).sort((a, b) => a.key - b.key);
  let made = 0;
  for (const { o } of visit) {
    if (made >= target) break;
    const olines = linesOf.get(o.id) ?? [];
    const shippedAt = new Date(o.shipped_at).getTime();
    if (now - shippedAt < 2 * HOUR) continue;
    const orderName = `${prefix}${o.number}`;
    // Units of each line on returns still going (closed ones keep only what they received).
    const onReturns = new Map<string, number>();
    const orderTxns = [...(txnsOf.get(o.id) ?? [])];
    let refundedSoFar = paymentSums(orderTxns).refunded;
    let base = shippedAt;
    const count = random.chance(0.12) ? 2 : 1;
    for (let n = 1; n <= count && made < target; n++) {
      const returnable = olines
        .map((l) => ({ l, left: l.fulfilled_quantity - (onReturns.get(l.id) ?? 0) }))
        .filter((x) => x.left > 0);
      if (!returnable.length) break;
      let chosen = returnable.filter(() => random.chance(0.5));
      if (!chosen.length) chosen = [random.pick(returnable)];
      const picked = chosen.map((x) => ({
        line: x.l,
        quantity: random.chance(0.75) ? 1 : random.int(1, x.left),
        reason: weighted(random, REASON_WEIGHTS),
      }));
      const quantity = picked.reduce((s, p) => s + p.quantity, 0);
      let state = weighted(random, STATE_WEIGHTS);
      if (state === 'PARTIALLY_RECEIVED' && quantity < 2) state = 'RECEIVED';
      // A second return on an order follows a first one that is over.
      if (n === 2 && !['CLOSED', 'CANCELLED'].includes(state)) state = 'CLOSED';
      // Parcels take days: a return of the last few days is at most awaited, a closed one is weeks old.
      const age = (now - base) / DAY;
      if (age < 4) {
        if (n === 2) break;
        if (!['REQUESTED', 'OPEN', 'CANCELLED'].includes(state))
          state = random.pick(['REQUESTED', 'OPEN'] as const);
      } else if (age < 10 && state === 'CLOSED') state = n === 2 ? 'CANCELLED' : 'RECEIVED';

      const createdAt = Math.max(base + HOUR, after(base, 12, 14 * 24));
      if (createdAt >= now) break;
      const id = uuidv7(createdAt);
      const name = `${orderName}-R${n}`;
      const unwanted = picked.some((p) => p.reason === 'UNWANTED');
      const returnShippingFee = random.chance(0.25) ? 595 : 0;
      const restockingFeePercent = unwanted && random.chance(0.4) ? random.pick([10, 15]) : 0;
      const returnLines = picked.map((p, i) => ({
        id: uuidv7(createdAt),
        line: p.line,
        position: i + 1,
        quantity: p.quantity,
        reason: p.reason,
        note: random.chance(0.6) ? random.pick(LINE_NOTES[p.reason]) : null,
        restocked: 0,
        damaged: 0,
        missing: 0,
        creditedQuantity: 0,
        credit: 0,
      }));
      let version = 1;
      let t = createdAt;
      audit(createdAt, support, 'order.return_create', o.id, {
        return: { before: null, after: name },
        lines: {
          before: null,
          after: returnLines.map((l) => ({
            sku: l.line.sku,
            title: l.line.product_title,
            quantity: l.quantity,
            reason: RETURN_REASON_LABELS[l.reason],
          })),
        },
      });
      let openedAt: number | null = null;
      const opens = state === 'OPEN' || (state !== 'REQUESTED' && random.chance(0.8));
      if (opens) {
        openedAt = t = after(t, 1, 48);
        version++;
        audit(t, support, 'order.return_open', o.id, {
          return: { before: null, after: name },
          status: { before: 'REQUESTED', after: 'OPEN' },
        });
      }

      // Receipts: every unit for RECEIVED, at least one for CLOSED, some for PARTIALLY_RECEIVED.
      let received = 0;
      let status: ReturnStatus = openedAt ? 'OPEN' : 'REQUESTED';
      if (['PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED'].includes(state)) {
        const units = returnLines.flatMap((l) => Array.from({ length: l.quantity }, () => l));
        const toReceive =
          state === 'RECEIVED' || (state === 'CLOSED' && random.chance(0.85))
            ? units.length
            : random.int(1, units.length - 1);
        const batches = toReceive >= 2 && random.chance(0.3) ? 2 : 1;
        const firstBatch = batches === 2 ? random.int(1, toReceive - 1) : toReceive;
        for (const [b, span] of [
          [0, firstBatch],
          [firstBatch, toReceive],
        ].slice(0, batches) as [number, number][]) {
          t = after(t, 24, 6 * 24);
          const counts = new Map<string, Map<ReturnDisposition, number>>();
          for (const l of units.slice(b, span)) {
            const disposition: ReturnDisposition = random.chance(0.05)
              ? 'MISSING'
              : random.chance(l.reason === 'DEFECTIVE' ? 0.5 : 0.08)
                ? 'DAMAGED'
                : 'RESTOCK';
            const c = counts.get(l.id) ?? new Map<ReturnDisposition, number>();
            c.set(disposition, (c.get(disposition) ?? 0) + 1);
            counts.set(l.id, c);
          }
          const planned = [...counts].flatMap(([lineId, c]) =>
            [...c].map(([disposition, q]) => ({
              l: returnLines.find((x) => x.id === lineId)!,
              disposition,
              q,
            })),
          );
          for (const p of planned) {
            const tracked = p.l.line.variant_id !== null && p.l.line.location_id !== null;
            const locationId = p.disposition !== 'MISSING' && tracked ? p.l.line.location_id : null;
            receiptRows.push({
              id: uuidv7(t),
              return_id: id,
              return_line_id: p.l.id,
              quantity: p.q,
              disposition: p.disposition,
              location_id: locationId,
              staff_id: warehouse.id,
              staff_name: warehouse.name,
              created_at: iso(t),
            });
            if (p.disposition === 'RESTOCK') p.l.restocked += p.q;
            else if (p.disposition === 'DAMAGED') p.l.damaged += p.q;
            else p.l.missing += p.q;
            if (!locationId) continue;
            const key = `${p.l.line.variant_id}:${locationId}`;
            const level = levelDeltas.get(key) ?? {
              variant_id: p.l.line.variant_id!,
              location_id: locationId,
              on_hand: 0,
              damaged: 0,
            };
            const restocked = p.disposition === 'RESTOCK';
            if (restocked) level.on_hand += p.q;
            else level.damaged += p.q;
            levelDeltas.set(key, level);
            movementRows.push({
              id: uuidv7(t),
              variant_id: p.l.line.variant_id,
              location_id: locationId,
              on_hand_delta: restocked ? p.q : 0,
              committed_delta: 0,
              // Set from the level's history once every movement is in (below).
              on_hand_after: 0,
              committed_after: 0,
              reason: restocked ? 'RESTOCKED' : 'RETURN_DAMAGED',
              note: restocked
                ? `Return ${name}`
                : `Return ${name}: ${p.q} unit${p.q === 1 ? '' : 's'} kept aside as damaged`,
              staff_id: warehouse.id,
              staff_name: warehouse.name,
              order_id: o.id,
              created_at: iso(t),
            });
          }
          const before = status;
          received += span - b;
          status = received >= quantity ? 'RECEIVED' : 'PARTIALLY_RECEIVED';
          if (!openedAt) openedAt = t;
          version++;
          audit(t, warehouse, 'order.return_receive', o.id, {
            return: { before: null, after: name },
            ...(status !== before ? { status: { before, after: status } } : {}),
            lines: {
              before: null,
              after: planned.map((p) => ({
                sku: p.l.line.sku,
                title: p.l.line.product_title,
                quantity: p.q,
                disposition: RETURN_DISPOSITION_LABELS[p.disposition],
                location:
                  p.l.line.location_id && p.disposition !== 'MISSING' && p.l.line.variant_id
                    ? (locationNames.get(p.l.line.location_id) ?? null)
                    : null,
              })),
            },
          });
        }
      }

      // The settlement, as returnSettle figures it: CLOSED always, RECEIVED and part-received often.
      let settledAt: number | null = null;
      let settlement: { credit: number; fees: number; refundId: string | null } | null = null;
      const settles =
        state === 'CLOSED' ||
        (state === 'RECEIVED' && random.chance(0.5)) ||
        (state === 'PARTIALLY_RECEIVED' && random.chance(0.25));
      if (settles) {
        settledAt = t = after(t, 2, 72);
        const figures = settleReturn({
          lines: returnLines.map((l) => ({
            quantity: l.line.quantity,
            subtotal: Number(l.line.unit_price) * l.line.quantity,
            discount: Number(l.line.discount),
            tax: Number(l.line.tax),
            spent: l.line.refunded_quantity + (credited.get(l.line.id) ?? 0),
            units: l.quantity - l.missing,
          })),
          exchange: [],
          pricesIncludeTax: o.prices_include_tax,
          returnShippingFee,
          restockingFeePercent,
          shipping: 0,
          captured: paymentSums(orderTxns).captured,
          refunded: refundedSoFar,
        });
        figures.lines.forEach((f, i) => {
          const l = returnLines[i]!;
          l.creditedQuantity = f.creditedUnits;
          l.credit = f.amount;
          if (f.creditedUnits) credited.set(l.line.id, (credited.get(l.line.id) ?? 0) + f.creditedUnits);
        });
        const amount = figures.refund;
        let refundId: string | null = null;
        if (amount > 0) {
          const statusBefore = paymentStatus({ ...paymentSums(orderTxns), total: Number(o.total) });
          const transactionId = uuidv7(t);
          refundId = uuidv7(t);
          transactionRows.push({
            id: transactionId,
            order_id: o.id,
            kind: 'REFUND',
            status: 'SUCCESS',
            amount,
            gateway: 'manual',
            reference: null,
            parent_id: o.payment_id,
            staff_id: support.id,
            actor_name: support.name,
            created_at: iso(t),
          });
          orderTxns.push({ order_id: o.id, kind: 'REFUND', status: 'SUCCESS', amount });
          refundRows.push({
            id: refundId,
            order_id: o.id,
            amount,
            shipping_amount: 0,
            reason: `Return ${name}`,
            transaction_id: transactionId,
            staff_id: support.id,
            staff_name: support.name,
            created_at: iso(t),
          });
          const statusAfter = paymentStatus({ ...paymentSums(orderTxns), total: Number(o.total) });
          audit(t, support, 'order.refund', o.id, {
            amount: { before: null, after: amount },
            ...(statusBefore !== statusAfter
              ? { payment_status: { before: statusBefore, after: statusAfter } }
              : {}),
            total_refunded: { before: refundedSoFar, after: refundedSoFar + amount },
            reason: { before: null, after: `Return ${name}` },
          });
          refundedSoFar += amount;
          orderChanges.push({
            id: o.id,
            total_refunded: refundedSoFar,
            payment_status: statusAfter,
            at: iso(t),
          });
          if (o.customer_id) spendTaken.set(o.customer_id, (spendTaken.get(o.customer_id) ?? 0) + amount);
        }
        version++;
        audit(t, support, 'order.return_settle', o.id, {
          return: { before: null, after: name },
          credit: { before: null, after: figures.credit },
          ...(figures.fees ? { fees: { before: null, after: figures.fees } } : {}),
          refunded: { before: null, after: amount },
        });
        settlement = { credit: figures.credit, fees: figures.fees, refundId };
      }

      let closedAt: number | null = null;
      let cancelledAt: number | null = null;
      if (state === 'CLOSED') {
        closedAt = t = after(t, 1, 48);
        version++;
        const never = returnLines.reduce((s, l) => s + l.quantity - l.restocked - l.damaged - l.missing, 0);
        audit(t, support, 'order.return_close', o.id, {
          return: { before: null, after: name },
          status: { before: status, after: 'CLOSED' },
          ...(never ? { not_received: { before: null, after: never } } : {}),
        });
        status = 'CLOSED';
      } else if (state === 'CANCELLED') {
        cancelledAt = t = after(t, 1, 96);
        version++;
        audit(t, support, 'order.return_cancel', o.id, {
          return: { before: null, after: name },
          status: { before: status, after: 'CANCELLED' },
        });
        status = 'CANCELLED';
      }
      for (const l of returnLines) {
        const units =
          status === 'CANCELLED' ? 0 : status === 'CLOSED' ? l.restocked + l.damaged + l.missing : l.quantity;
        onReturns.set(l.line.id, (onReturns.get(l.line.id) ?? 0) + units);
      }

      returnRows.push({
        id,
        order_id: o.id,
        number: n,
        status,
        quantity,
        received_quantity: received,
        return_shipping_fee: returnShippingFee,
        restocking_fee_percent: restockingFeePercent,
        note: random.chance(0.3) ? random.pick(RETURN_NOTES) : null,
        settled_at: settledAt === null ? null : iso(settledAt),
        credit: settlement?.credit ?? null,
        fees: settlement?.fees ?? null,
        shipping_refunded: settlement ? 0 : null,
        refund_id: settlement?.refundId ?? null,
        staff_id: support.id,
        staff_name: support.name,
        created_at: iso(createdAt),
        updated_at: iso(t),
        opened_at: openedAt === null ? null : iso(openedAt),
        closed_at: closedAt === null ? null : iso(closedAt),
        cancelled_at: cancelledAt === null ? null : iso(cancelledAt),
        version,
      });
      for (const l of returnLines)
        lineRows.push({
          id: l.id,
          return_id: id,
          order_line_id: l.line.id,
          position: l.position,
          quantity: l.quantity,
          reason: l.reason,
          note: l.note,
          restocked_quantity: l.restocked,
          damaged_quantity: l.damaged,
          missing_quantity: l.missing,
          credited_quantity: l.creditedQuantity,
          credit: l.credit,
        });
      made++;
      base = t;
    }
  }

  await inTransaction(db, async (trx) => {
    await insertRows(trx, 'order_transactions', transactionRows);
    await insertRows(trx, 'refunds', refundRows);
    await insertRows(trx, 'returns', returnRows);
    await insertRows(trx, 'return_lines', lineRows);
    await insertRows(trx, 'return_receipts', receiptRows);
    await insertRows(trx, 'inventory_movements', movementRows);
    await insertRows(trx, 'audit_events', auditRows);
    const creditedRows = [...credited].map(([id, q]) => ({ id, q }));
    if (creditedRows.length)
      await sql`update order_lines ol set return_credited_quantity = ol.return_credited_quantity + x.q
        from jsonb_to_recordset(${JSON.stringify(creditedRows)}::jsonb) as x(id uuid, q int)
        where ol.id = x.id`.execute(trx);
    // The last refund of an order leaves its figures; each refund bumped the version.
    const byOrder = new Map<string, (typeof orderChanges)[number] & { refunds: number }>();
    for (const c of orderChanges) byOrder.set(c.id, { ...c, refunds: (byOrder.get(c.id)?.refunds ?? 0) + 1 });
    if (byOrder.size)
      await sql`update orders o set total_refunded = x.total_refunded, payment_status = x.payment_status,
          version = o.version + x.refunds, updated_at = greatest(o.updated_at, x.at)
        from jsonb_to_recordset(${JSON.stringify([...byOrder.values()])}::jsonb)
          as x(id uuid, total_refunded bigint, payment_status text, refunds int, at timestamptz)
        where o.id = x.id`.execute(trx);
    const spend = [...spendTaken].map(([id, amount]) => ({ id, amount }));
    if (spend.length)
      await sql`update customers c set total_spent = greatest(0, c.total_spent - x.amount)
        from jsonb_to_recordset(${JSON.stringify(spend)}::jsonb) as x(id uuid, amount bigint)
        where c.id = x.id`.execute(trx);
    const levels = [...levelDeltas.values()];
    if (levels.length) {
      const levelsJson = JSON.stringify(levels);
      await sql`update inventory_levels l set on_hand = l.on_hand + x.on_hand, damaged = l.damaged + x.damaged,
          version = l.version + 1, updated_at = now()
        from jsonb_to_recordset(${levelsJson}::jsonb) as x(variant_id uuid, location_id uuid, on_hand int, damaged int)
        where l.variant_id = x.variant_id and l.location_id = x.location_id`.execute(trx);
      // Every movement of these levels says again what the level held after it, in the ledger's order.
      await sql`update inventory_movements m set on_hand_after = h.on_hand_after, committed_after = h.committed_after
        from (
          select m2.id,
            sum(m2.on_hand_delta) over w as on_hand_after, sum(m2.committed_delta) over w as committed_after
          from inventory_movements m2
          join jsonb_to_recordset(${levelsJson}::jsonb) as x(variant_id uuid, location_id uuid)
            on x.variant_id = m2.variant_id and x.location_id = m2.location_id
          window w as (partition by m2.variant_id, m2.location_id order by m2.created_at, m2.id rows unbounded preceding)
        ) h
        where m.id = h.id and (m.on_hand_after <> h.on_hand_after or m.committed_after <> h.committed_after)`.execute(
        trx,
      );
    }
  });
  log.info({ returns: made, ms: Date.now() - started }, 'demo returns seeded');
  return made;
}
