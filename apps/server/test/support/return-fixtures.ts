import { expect } from 'vitest';
import type { Client } from '../helpers.js';
import { createOrder, gql, MARK_PAID } from './order-fixtures.js';
import { fulfillAll } from './refund-fixtures.js';

/** What the returns tests (issue #31) send and read back. */
export const RETURN = `id name status quantity receivedQuantity availableActions settledAt
  credit { amount } fees { amount } refund { amount { amount } }
  lines { id quantity reason restockedQuantity damagedQuantity missingQuantity expectedQuantity creditedQuantity credit { amount } }
  receipts { quantity disposition location { name } }`;
export const PAYLOAD = `return { ${RETURN} } order { id paymentStatus totalRefunded { amount }
  lines { id sku returnableQuantity returnCreditedQuantity refundedQuantity } } userErrors { field code message }`;

export const CREATE = `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) { ${PAYLOAD} } }`;
export const RECEIVE = `mutation($id: ID!, $lines: [ReturnReceiveLineInput!]!, $key: String) {
  returnReceive(id: $id, lines: $lines, idempotencyKey: $key) { ${PAYLOAD} } }`;
export const SETTLE = `mutation($id: ID!, $refund: ReturnSettleRefundInput, $key: String) {
  returnSettle(id: $id, refund: $refund, idempotencyKey: $key) { ${PAYLOAD} } }`;
export const CANCEL = `mutation($id: ID!) { returnCancel(id: $id) { ${PAYLOAD} } }`;
export const CLOSE = `mutation($id: ID!) { returnClose(id: $id) { ${PAYLOAD} } }`;
export const OPEN = `mutation($id: ID!) { returnOpen(id: $id) { ${PAYLOAD} } }`;
export const SUGGESTED = `query($id: ID!, $ship: Boolean) { return(id: $id) { suggestedSettlement(refundShipping: $ship) {
  credit { amount } fees { amount } restockingFee { amount } returnShippingFee { amount } refund { amount }
  creditedQuantity canRefundShipping userErrors { code message } } } }`;

/** An order of `quantity` × `variantId`, marked paid and wholly shipped: what a return starts from. */
export async function paidShippedOrder(owner: Client, variantId: string, quantity: number) {
  const order = await createOrder(owner, [{ variantId, quantity }]);
  expect((await gql(owner, MARK_PAID, { id: order.id })).orderMarkAsPaid.userErrors).toEqual([]);
  await fulfillAll(owner, order.id);
  const lines = (
    await gql(owner, `query($id: ID!) { order(id: $id) { lines { id returnableQuantity } } }`, {
      id: order.id,
    })
  ).order.lines;
  return { id: order.id as string, name: order.name as string, lineId: lines[0].id as string, lines };
}
