import {
  paymentStatus,
  paymentSums,
  RETURN_DISPOSITION_LABELS,
  settleReturn,
  type ReturnDisposition,
  type ReturnStatus,
} from '@stockroom/domain';
import { uuidv7 } from '../lib/uuid.js';
import { iso, type Person, type Planner, type ReturnDraft, type Txn } from './returns-planner.js';

/**
 * The parcels that arrive, as returnReceive records them: every unit for RECEIVED, at least one for
 * CLOSED, some for PARTIALLY_RECEIVED, in one or two receipts; each unit restocked, damaged or
 * missing, with the movements and level changes of those put back or kept aside.
 */
export function planReceipts(
  p: Planner,
  r: ReturnDraft,
  state: ReturnStatus,
  warehouse: Person,
  locationNames: ReadonlyMap<string, string>,
): void {
  const { plan, random } = p;
  if (!['PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED'].includes(state)) return;
  const units = r.lines.flatMap((l) => Array.from({ length: l.quantity }, () => l));
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
    const t = (r.t = p.after(r.t, 24, 6 * 24));
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
        l: r.lines.find((x) => x.id === lineId)!,
        disposition,
        q,
      })),
    );
    for (const u of planned) {
      const tracked = u.l.line.variant_id !== null && u.l.line.location_id !== null;
      const locationId = u.disposition !== 'MISSING' && tracked ? u.l.line.location_id : null;
      plan.receiptRows.push({
        id: uuidv7(t),
        return_id: r.id,
        return_line_id: u.l.id,
        quantity: u.q,
        disposition: u.disposition,
        location_id: locationId,
        staff_id: warehouse.id,
        staff_name: warehouse.name,
        created_at: iso(t),
      });
      if (u.disposition === 'RESTOCK') u.l.restocked += u.q;
      else if (u.disposition === 'DAMAGED') u.l.damaged += u.q;
      else u.l.missing += u.q;
      if (!locationId) continue;
      const key = `${u.l.line.variant_id}:${locationId}`;
      const level = plan.levelDeltas.get(key) ?? {
        variant_id: u.l.line.variant_id!,
        location_id: locationId,
        on_hand: 0,
        damaged: 0,
      };
      const restocked = u.disposition === 'RESTOCK';
      if (restocked) level.on_hand += u.q;
      else level.damaged += u.q;
      plan.levelDeltas.set(key, level);
      plan.movementRows.push({
        id: uuidv7(t),
        variant_id: u.l.line.variant_id,
        location_id: locationId,
        on_hand_delta: restocked ? u.q : 0,
        committed_delta: 0,
        // Set from the level's history once every movement is in (returns-write).
        on_hand_after: 0,
        committed_after: 0,
        reason: restocked ? 'RESTOCKED' : 'RETURN_DAMAGED',
        note: restocked
          ? `Return ${r.name}`
          : `Return ${r.name}: ${u.q} unit${u.q === 1 ? '' : 's'} kept aside as damaged`,
        staff_id: warehouse.id,
        staff_name: warehouse.name,
        order_id: r.order.id,
        created_at: iso(t),
      });
    }
    const before = r.status;
    r.received += span - b;
    r.status = r.received >= r.quantity ? 'RECEIVED' : 'PARTIALLY_RECEIVED';
    if (!r.openedAt) r.openedAt = t;
    r.version++;
    p.audit(t, warehouse, 'order.return_receive', r.order.id, {
      return: { before: null, after: r.name },
      ...(r.status !== before ? { status: { before, after: r.status } } : {}),
      lines: {
        before: null,
        after: planned.map((u) => ({
          sku: u.l.line.sku,
          title: u.l.line.product_title,
          quantity: u.q,
          disposition: RETURN_DISPOSITION_LABELS[u.disposition],
          location:
            u.l.line.location_id && u.disposition !== 'MISSING' && u.l.line.variant_id
              ? (locationNames.get(u.l.line.location_id) ?? null)
              : null,
        })),
      },
    });
  }
}

/** The order's money as its returns are settled one after another. */
export interface OrderMoney {
  txns: Txn[];
  refunded: number;
}

export interface PlannedSettlement {
  settledAt: number;
  credit: number;
  fees: number;
  refundId: string | null;
}

/**
 * The settlement, as returnSettle figures it (the domain's settleReturn): CLOSED always, RECEIVED
 * and part-received often. The credit for the units that count, less fees, goes back as a money-only
 * refund with its REFUND transaction; the units are credited on the order lines.
 */
export function planSettlement(
  p: Planner,
  r: ReturnDraft,
  state: ReturnStatus,
  support: Person,
  money: OrderMoney,
): PlannedSettlement | null {
  const { plan, random } = p;
  const o = r.order;
  const settles =
    state === 'CLOSED' ||
    (state === 'RECEIVED' && random.chance(0.5)) ||
    (state === 'PARTIALLY_RECEIVED' && random.chance(0.25));
  if (!settles) return null;
  const t = (r.t = p.after(r.t, 2, 72));
  const figures = settleReturn({
    lines: r.lines.map((l) => ({
      quantity: l.line.quantity,
      subtotal: Number(l.line.unit_price) * l.line.quantity,
      discount: Number(l.line.discount),
      tax: Number(l.line.tax),
      spent: l.line.refunded_quantity + (plan.credited.get(l.line.id) ?? 0),
      units: l.quantity - l.missing,
    })),
    exchange: [],
    pricesIncludeTax: o.prices_include_tax,
    returnShippingFee: r.returnShippingFee,
    restockingFeePercent: r.restockingFeePercent,
    shipping: 0,
    captured: paymentSums(money.txns).captured,
    refunded: money.refunded,
  });
  figures.lines.forEach((f, i) => {
    const l = r.lines[i]!;
    l.creditedQuantity = f.creditedUnits;
    l.credit = f.amount;
    if (f.creditedUnits) plan.credited.set(l.line.id, (plan.credited.get(l.line.id) ?? 0) + f.creditedUnits);
  });
  const amount = figures.refund;
  let refundId: string | null = null;
  if (amount > 0) {
    const statusBefore = paymentStatus({ ...paymentSums(money.txns), total: Number(o.total) });
    const transactionId = uuidv7(t);
    refundId = uuidv7(t);
    plan.transactionRows.push({
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
    money.txns.push({ order_id: o.id, kind: 'REFUND', status: 'SUCCESS', amount });
    plan.refundRows.push({
      id: refundId,
      order_id: o.id,
      amount,
      shipping_amount: 0,
      reason: `Return ${r.name}`,
      transaction_id: transactionId,
      staff_id: support.id,
      staff_name: support.name,
      created_at: iso(t),
    });
    const statusAfter = paymentStatus({ ...paymentSums(money.txns), total: Number(o.total) });
    p.audit(t, support, 'order.refund', o.id, {
      amount: { before: null, after: amount },
      ...(statusBefore !== statusAfter
        ? { payment_status: { before: statusBefore, after: statusAfter } }
        : {}),
      total_refunded: { before: money.refunded, after: money.refunded + amount },
      reason: { before: null, after: `Return ${r.name}` },
    });
    money.refunded += amount;
    plan.orderChanges.push({
      id: o.id,
      total_refunded: money.refunded,
      payment_status: statusAfter,
      at: iso(t),
    });
    if (o.customer_id) plan.spendTaken.set(o.customer_id, (plan.spendTaken.get(o.customer_id) ?? 0) + amount);
  }
  r.version++;
  p.audit(t, support, 'order.return_settle', o.id, {
    return: { before: null, after: r.name },
    credit: { before: null, after: figures.credit },
    ...(figures.fees ? { fees: { before: null, after: figures.fees } } : {}),
    refunded: { before: null, after: amount },
  });
  return { settledAt: t, credit: figures.credit, fees: figures.fees, refundId };
}
