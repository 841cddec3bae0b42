import {
  decodeIdOf,
  DomainError,
  formatMinor,
  parseMoney,
  paymentSums,
  settleReturn,
  shippingRefundable,
  type ReturnSettlementFigures,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { loadOrderForAction } from '../orders/order-lock.service.js';
import { orderName } from '../orders/order-fulfillment.service.js';
import { refundLocked } from '../orders/order-refund.service.js';
import { addReturnCredited, shippingRefunded, transactionsOfOrders } from '../orders/order-reads.service.js';
import type { Order, OrderLine } from '../orders/order.model.js';
import { type Return, type ReturnLine } from './return.model.js';
import { creditLines, findReturns, linesOfReturns, updateReturn } from './return.repository.js';
import { auditReturn, loadReturnForAction, returnName } from './return.service.js';

export interface ReturnSettleRaw {
  id: string;
  refund?: { amount?: string | null; refundShipping?: boolean | null; reason?: string | null } | null;
  idempotencyKey?: string | null;
}

export interface ReturnSettlementPlan {
  figures: ReturnSettlementFigures;
  lines: ReturnLine[];
  /** Whether every unit of the order comes back with this return (original shipping may go back). */
  everyUnitBack: boolean;
  /** Original shipping that could go back now. */
  shippingLeft: number;
}

/**
 * The settlement's figures as they stand (issue #31): the units that count are those received and
 * not missing, plus those still expected; a unit refunded before or credited by another return
 * comes back without money.
 */
export async function planSettlement(
  db: Executor,
  order: Order,
  orderLines: OrderLine[],
  ret: Return,
  refundShipping: boolean,
): Promise<ReturnSettlementPlan> {
  const lines = await linesOfReturns(db, [ret.id]);
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  const transactions = await transactionsOfOrders(db, [order.id]);
  const sums = paymentSums(transactions.map((t) => ({ ...t, amount: Number(t.amount) })));
  const credit = lines.map((l) => {
    const ol = byId.get(l.orderLineId)!;
    return {
      quantity: ol.quantity,
      subtotal: Number(ol.unitPrice) * ol.quantity,
      discount: Number(ol.discount),
      tax: Number(ol.tax),
      spent: ol.refundedQuantity + ol.returnCreditedQuantity,
      units: l.quantity - l.missingQuantity,
    };
  });
  const unitsBack = new Map<string, number>();
  const credited = settleReturn({
    lines: credit,
    exchange: [],
    pricesIncludeTax: order.pricesIncludeTax,
    returnShippingFee: 0,
    restockingFeePercent: 0,
    shipping: 0,
    captured: 0,
    refunded: 0,
  }).lines;
  lines.forEach((l, i) => unitsBack.set(l.orderLineId, credited[i]!.creditedUnits));
  const everyUnitBack = orderLines.every(
    (ol) => ol.refundedQuantity + ol.returnCreditedQuantity + (unitsBack.get(ol.id) ?? 0) >= ol.quantity,
  );
  const shippingLeft = shippingRefundable(
    {
      shippingTotal: Number(order.shippingTotal),
      shippingTax: Number(order.shippingTax),
      pricesIncludeTax: order.pricesIncludeTax,
    },
    await shippingRefunded(db, order.id),
  );
  const figures = settleReturn({
    lines: credit,
    exchange: [],
    pricesIncludeTax: order.pricesIncludeTax,
    returnShippingFee: Number(ret.returnShippingFee),
    restockingFeePercent: ret.restockingFeePercent,
    shipping: refundShipping && everyUnitBack ? shippingLeft : 0,
    captured: sums.captured,
    refunded: sums.refunded,
  });
  return { figures, lines, everyUnitBack, shippingLeft };
}

const at = (...path: string[]) => ['refund', ...path];

/**
 * Settles the money of a return (issue #31): the credit less fees goes back through the order's
 * refund (one rule for REFUND_EXCEEDS_CAPTURED), and the units credited are counted on the order
 * lines, so no refund pays for them again. The order is locked before the return, as a refund
 * locks it, so a settlement and a refund of the same money never give back more than captured.
 * A return whose units were all refunded before settles with no money and no refund record.
 */
export async function returnSettle(trx: Tx, actor: Actor, raw: ReturnSettleRaw): Promise<Return> {
  const id = decodeIdOf('Return', String(raw.id));
  const found = id ? (await findReturns(trx, [id]))[0] : undefined;
  if (!found) throw DomainError.one('INVALID', 'This return does not exist.', ['id']);
  const { idempotencyKey, ...request } = raw;
  const { returnId } = await idempotent(
    trx,
    'returnSettle',
    idempotencyKey,
    request,
    async () => {
      const order = await loadOrderForAction(trx, found.orderId, null, { id: ['id'] });
      const ret = await loadReturnForAction(trx, String(raw.id), 'settle');
      const wantsShipping = Boolean(raw.refund?.refundShipping);
      const plan = await planSettlement(trx, order, order.lines, ret, wantsShipping);
      const { figures } = plan;
      const currency = order.currencyCode.trim();
      if (wantsShipping && !plan.everyUnitBack) {
        throw DomainError.one(
          'INVALID',
          'Original shipping goes back only when every unit of the order comes back.',
          at('refundShipping'),
        );
      }
      const owed = Math.max(0, -figures.difference);
      let amount = figures.refund;
      const asked = raw.refund?.amount?.trim();
      if (asked) {
        const parsed = parseMoney(asked, currency);
        if (parsed === null)
          throw DomainError.one('INVALID', `Enter an amount like 12.50 in ${currency}.`, at('amount'));
        if (parsed > owed)
          throw DomainError.one(
            'OUT_OF_RANGE',
            `At most ${formatMinor(owed, currency)} ${currency} is owed to the customer for this return.`,
            at('amount'),
          );
        amount = parsed;
      }
      const name = returnName(await orderName(trx, order), ret);
      const reason = raw.refund?.reason?.trim() || `Return ${name}`;
      const refund =
        amount > 0
          ? await refundLocked(trx, actor, order, order.lines, {
              lines: [],
              shipping:
                figures.shipping > 0 ? formatMinor(Math.min(figures.shipping, amount), currency) : null,
              amountMinor: amount,
              reason,
            })
          : null;
      await creditLines(
        trx,
        plan.lines.map((l, i) => ({
          id: l.id,
          creditedQuantity: figures.lines[i]!.creditedUnits,
          credit: figures.lines[i]!.amount,
        })),
      );
      await addReturnCredited(
        trx,
        plan.lines.map((l, i) => ({ orderLineId: l.orderLineId, quantity: figures.lines[i]!.creditedUnits })),
      );
      const after = await updateReturn(trx, ret.id, {
        settledAt: new Date(),
        credit: figures.credit,
        fees: figures.fees,
        shippingRefunded: refund ? Math.min(figures.shipping, amount) : 0,
        refundId: refund?.id ?? null,
      });
      await auditReturn(
        trx,
        actor,
        order,
        after,
        'settle',
        {
          credit: { before: null, after: figures.credit },
          ...(figures.fees ? { fees: { before: null, after: figures.fees } } : {}),
          refunded: { before: null, after: amount },
        },
        name,
      );
      return { returnId: ret.id };
    },
    ['idempotencyKey'],
  );
  return (await findReturns(trx, [returnId]))[0]!;
}
