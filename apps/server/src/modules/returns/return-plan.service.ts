import {
  paymentSums,
  settleReturn,
  shippingRefundable,
  type ExchangeItem,
  type ReturnSettlementFigures,
} from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { shippingRefunded, transactionsOfOrders } from '../orders/order-reads.service.js';
import type { Order, OrderLine } from '../orders/order.model.js';
import type { Return, ReturnLine } from './return.model.js';
import { linesOfReturns } from './return.repository.js';

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
 * comes back without money. An exchange's new items are counted against the credit.
 */
export async function planSettlement(
  db: Executor,
  order: Order,
  orderLines: OrderLine[],
  ret: Return,
  refundShipping: boolean,
  pending: readonly ExchangeItem[] = [],
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
  // The exchange's new items: on the order once the return is taken (with the tax their lines
  // hold), or still to be added while it is being taken (`pending`).
  const exchange: ExchangeItem[] = [
    ...orderLines
      .filter((l) => l.returnId === ret.id)
      .map((l) => ({ unitPrice: Number(l.unitPrice), quantity: l.quantity, tax: Number(l.tax) })),
    ...pending,
  ];
  const figures = settleReturn({
    lines: credit,
    exchange,
    pricesIncludeTax: order.pricesIncludeTax,
    returnShippingFee: Number(ret.returnShippingFee),
    restockingFeePercent: ret.restockingFeePercent,
    shipping: refundShipping && everyUnitBack ? shippingLeft : 0,
    captured: sums.captured,
    refunded: sums.refunded,
  });
  return { figures, lines, everyUnitBack, shippingLeft };
}
