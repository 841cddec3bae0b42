import { paymentSums, RETURN_REASON_LABELS, type ReturnReason, type ReturnStatus } from '@stockroom/domain';
import { uuidv7 } from '../lib/uuid.js';
import type { Random } from './random.js';
import {
  iso,
  newPlanner,
  type CandidateLine,
  type CandidateOrder,
  type Person,
  type ReturnDraft,
  type ReturnsPlan,
  type Txn,
} from './returns-planner.js';
import { planReceipts, planSettlement, type OrderMoney } from './returns-steps.js';

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

/**
 * The demo's returns, planned without touching the store: over shipped, paid orders (visited in a
 * shuffled order, once each), one return or sometimes two, up to `target`, each taken through the
 * commands' steps to its state (created, opened, received, settled, closed or cancelled) at times
 * after the order shipped and before now, with the rows and audit entries each step leaves.
 */
export function planReturns(input: {
  orders: readonly CandidateOrder[];
  linesOf: ReadonlyMap<string, CandidateLine[]>;
  txnsOf: ReadonlyMap<string, Txn[]>;
  target: number;
  now: number;
  prefix: string;
  support: Person;
  warehouse: Person;
  locationNames: ReadonlyMap<string, string>;
  random: Random;
}): { plan: ReturnsPlan; made: number } {
  const { orders, linesOf, txnsOf, target, now, prefix, support, warehouse, locationNames, random } = input;
  const p = newPlanner(random, now);
  const { plan, audit, after } = p;

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
    const txns = [...(txnsOf.get(o.id) ?? [])];
    const money: OrderMoney = { txns, refunded: paymentSums(txns).refunded };
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
      const quantity = picked.reduce((s, q) => s + q.quantity, 0);
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
      const unwanted = picked.some((q) => q.reason === 'UNWANTED');
      const returnShippingFee = random.chance(0.25) ? 595 : 0;
      const restockingFeePercent = unwanted && random.chance(0.4) ? random.pick([10, 15]) : 0;
      const r: ReturnDraft = {
        id,
        name,
        order: o,
        lines: picked.map((q, i) => ({
          id: uuidv7(createdAt),
          line: q.line,
          position: i + 1,
          quantity: q.quantity,
          reason: q.reason,
          note: random.chance(0.6) ? random.pick(LINE_NOTES[q.reason]) : null,
          restocked: 0,
          damaged: 0,
          missing: 0,
          creditedQuantity: 0,
          credit: 0,
        })),
        quantity,
        returnShippingFee,
        restockingFeePercent,
        t: createdAt,
        version: 1,
        status: 'REQUESTED',
        received: 0,
        openedAt: null,
      };
      audit(createdAt, support, 'order.return_create', o.id, {
        return: { before: null, after: name },
        lines: {
          before: null,
          after: r.lines.map((l) => ({
            sku: l.line.sku,
            title: l.line.product_title,
            quantity: l.quantity,
            reason: RETURN_REASON_LABELS[l.reason],
          })),
        },
      });
      const opens = state === 'OPEN' || (state !== 'REQUESTED' && random.chance(0.8));
      if (opens) {
        r.openedAt = r.t = after(r.t, 1, 48);
        r.version++;
        audit(r.t, support, 'order.return_open', o.id, {
          return: { before: null, after: name },
          status: { before: 'REQUESTED', after: 'OPEN' },
        });
      }
      r.status = r.openedAt ? 'OPEN' : 'REQUESTED';
      planReceipts(p, r, state, warehouse, locationNames);
      const settlement = planSettlement(p, r, state, support, money);

      let closedAt: number | null = null;
      let cancelledAt: number | null = null;
      if (state === 'CLOSED') {
        closedAt = r.t = after(r.t, 1, 48);
        r.version++;
        const never = r.lines.reduce((s, l) => s + l.quantity - l.restocked - l.damaged - l.missing, 0);
        audit(r.t, support, 'order.return_close', o.id, {
          return: { before: null, after: name },
          status: { before: r.status, after: 'CLOSED' },
          ...(never ? { not_received: { before: null, after: never } } : {}),
        });
        r.status = 'CLOSED';
      } else if (state === 'CANCELLED') {
        cancelledAt = r.t = after(r.t, 1, 96);
        r.version++;
        audit(r.t, support, 'order.return_cancel', o.id, {
          return: { before: null, after: name },
          status: { before: r.status, after: 'CANCELLED' },
        });
        r.status = 'CANCELLED';
      }
      for (const l of r.lines) {
        const units =
          r.status === 'CANCELLED'
            ? 0
            : r.status === 'CLOSED'
              ? l.restocked + l.damaged + l.missing
              : l.quantity;
        onReturns.set(l.line.id, (onReturns.get(l.line.id) ?? 0) + units);
      }

      plan.returnRows.push({
        id,
        order_id: o.id,
        number: n,
        status: r.status,
        quantity,
        received_quantity: r.received,
        return_shipping_fee: returnShippingFee,
        restocking_fee_percent: restockingFeePercent,
        note: random.chance(0.3) ? random.pick(RETURN_NOTES) : null,
        settled_at: settlement ? iso(settlement.settledAt) : null,
        credit: settlement?.credit ?? null,
        fees: settlement?.fees ?? null,
        shipping_refunded: settlement ? 0 : null,
        refund_id: settlement?.refundId ?? null,
        staff_id: support.id,
        staff_name: support.name,
        created_at: iso(createdAt),
        updated_at: iso(r.t),
        opened_at: r.openedAt === null ? null : iso(r.openedAt),
        closed_at: closedAt === null ? null : iso(closedAt),
        cancelled_at: cancelledAt === null ? null : iso(cancelledAt),
        version: r.version,
      });
      for (const l of r.lines)
        plan.lineRows.push({
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
      base = r.t;
    }
  }
  return { plan, made };
}
