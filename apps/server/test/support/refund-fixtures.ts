import { expect } from 'vitest';
import type { Client } from '../helpers.js';
import { gql } from './order-fixtures.js';

/** What the refund tests read back: money, statuses, lines and refunds of an order. */
export const REFUND_ORDER = `id paymentStatus fulfillmentStatus totalPaid { amount } totalRefunded { amount }
  customer { totalSpent { amount } }
  lines { id sku quantity refundedQuantity unfulfilledQuantity fulfilledQuantity }
  refunds { amount { amount } shipping { amount } reason staffName lines { quantity restock location { name } line { sku } } }
  transactions { kind amount { amount } }`;

export const REFUND = `mutation($input: OrderRefundInput!) { orderRefund(input: $input) {
  order { ${REFUND_ORDER} } refund { id amount { amount } } userErrors { field code message } } }`;

export const SUGGEST = `query($id: ID!, $lines: [OrderRefundLineInput!], $shipping: String) { order(id: $id) {
  suggestedRefund(lines: $lines, shipping: $shipping) {
    subtotal { amount } discount { amount } tax { amount } shipping { amount } total { amount } amount { amount }
    maximumRefundable { amount } shippingRefundable { amount }
    lines { quantity amount { amount } line { sku } }
    userErrors { field code message } } } }`;

export async function refundOrder(client: Client, input: Record<string, unknown>) {
  return (await gql(client, REFUND, { input })).orderRefund;
}

export async function refundOk(client: Client, input: Record<string, unknown>) {
  const done = await refundOrder(client, input);
  expect(done.userErrors).toEqual([]);
  return done;
}

export async function readRefundOrder(client: Client, id: string) {
  return (await gql(client, `query($id: ID!) { order(id: $id) { ${REFUND_ORDER} } }`, { id })).order;
}

export async function fulfillAll(client: Client, orderId: string) {
  const done = await gql(
    client,
    `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) { userErrors { message } } }`,
    { input: { orderId } },
  );
  expect(done.orderFulfill.userErrors).toEqual([]);
}
