import { decodeIdOf, refundedAfterShipping, unfulfilledQuantity } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Fulfillment, Order } from './order.model.js';
import { DomainError } from '@stockroom/domain';
import { recordAudit } from '../audit/audit.service.js';
import { moveCommitment, returnFromFulfillment } from '../inventory/order-stock.js';
import { lockLevels } from '../inventory/stock.js';
import {
  addFulfilledQuantities,
  cancelFulfillment,
  findFulfillment,
  linesOfFulfillment,
  setLineLocations,
} from './fulfillment.repository.js';
import { loadOrderForAction, refreshOrderStatus } from './order-lock.service.js';
import { fulfillmentName, movesStock, orderOrigin } from './order-fulfillment.service.js';

const missing = () => DomainError.one('INVALID', 'This fulfillment does not exist.', ['id']);

/**
 * Undoes a shipment that did not happen (SPEC §4): its units are unfulfilled again and back on the
 * shelf of the location they left, committed to the order. A line whose other unshipped units are
 * reserved at another location gets these back there too, so each line stays reserved in one place
 * (refused with INSUFFICIENT_STOCK when that location cannot hold them).
 */
export async function fulfillmentCancel(
  trx: Tx,
  actor: Actor,
  apiId: string,
): Promise<{ order: Order; fulfillment: Fulfillment }> {
  const id = decodeIdOf('Fulfillment', apiId);
  const found = id ? await findFulfillment(trx, id) : null;
  if (!found) throw missing();
  const before = await loadOrderForAction(trx, found.orderId);
  // Read again under the order's lock: a concurrent cancel of the same fulfillment has finished by now.
  const fulfillment = (await findFulfillment(trx, found.id))!;
  if (fulfillment.status === 'CANCELLED')
    throw DomainError.one('INVALID_TRANSITION', 'This fulfillment is already cancelled.', ['id']);
  if (before.status === 'CLOSED')
    throw DomainError.one(
      'INVALID_TRANSITION',
      "A closed order's fulfillments can't be cancelled; reopen it first.",
      ['id'],
    );
  const shipped = await linesOfFulfillment(trx, fulfillment.id);
  const lines = new Map(before.lines.map((l) => [l.id, l]));
  // Units refunded after they shipped (restocked or kept by the customer) are settled: undoing the
  // shipment would put them back on the shelf as reserved for an order that no longer owes them,
  // and a restocked unit would be counted twice. Refunds of units that never shipped are fine.
  if (shipped.some((s) => refundedAfterShipping(lines.get(s.orderLineId)!)))
    throw DomainError.one(
      'INVALID_TRANSITION',
      "Items of this shipment were refunded after they shipped, so the shipment can't be cancelled.",
      ['id'],
    );
  const here = fulfillment.locationId;
  const back = shipped
    .map((s) => ({ line: lines.get(s.orderLineId)!, quantity: s.quantity }))
    .filter((b) => movesStock(b.line));
  await lockLevels(
    trx,
    back.flatMap((b) => [
      { variantId: b.line.variantId!, locationId: here },
      { variantId: b.line.variantId!, locationId: b.line.locationId! },
    ]),
  );
  const origin = await orderOrigin(trx, before, (name) => `Order ${name}-F${fulfillment.position} cancelled`);
  await returnFromFulfillment(
    trx,
    actor,
    back.map((b) => ({ variantId: b.line.variantId!, locationId: here, quantity: b.quantity })),
    origin,
  );
  const elsewhere = back.filter((b) => b.line.locationId !== here);
  const restReservedElsewhere = (b: (typeof back)[number]) =>
    unfulfilledQuantity({
      quantity: b.line.quantity,
      fulfilledQuantity: b.line.fulfilledQuantity,
      refundedQuantity: b.line.refundedQuantity,
    }) > 0;
  await moveCommitment(
    trx,
    actor,
    elsewhere.filter(restReservedElsewhere).map((b) => ({
      variantId: b.line.variantId!,
      fromLocationId: here,
      toLocationId: b.line.locationId!,
      quantity: b.quantity,
    })),
    origin,
  );
  await setLineLocations(
    trx,
    elsewhere.filter((b) => !restReservedElsewhere(b)).map((b) => ({ lineId: b.line.id, locationId: here })),
  );
  await addFulfilledQuantities(
    trx,
    shipped.map((s) => ({ lineId: s.orderLineId, delta: -s.quantity })),
  );
  const cancelled = await cancelFulfillment(trx, fulfillment.id);
  const order = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.fulfillment_cancel',
    subjectType: 'Order',
    subjectId: before.id,
    changes: {
      fulfillment: { before: await fulfillmentName(trx, before, fulfillment.position), after: 'CANCELLED' },
      quantity: { before: shipped.reduce((a, s) => a + s.quantity, 0), after: null },
      fulfillment_status: { before: before.fulfillmentStatus, after: order.fulfillmentStatus },
    },
  });
  return { order, fulfillment: cancelled };
}
