import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { gql, setUpActionStore } from '../../support/order-fixtures.js';
import { REFUND } from '../../support/refund-fixtures.js';
import { CANCEL, CREATE, paidShippedOrder, RECEIVE, SETTLE } from '../../support/return-fixtures.js';

const ACTIVITY = `query($id: ID!) { customer(id: $id) {
  orderActivity { kind orderId orderName returnName units amount { amount currencyCode } createdAt }
} }`;

/**
 * Issue #31: the customer's timeline tells their returns — requested, received, settled (with the
 * money refunded, told once: the settlement's refund is not listed again as a refund), cancelled.
 */
describe.each(DATABASES)("returns on the customer's timeline on $name", ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;

  it('lists each return step newest first, a settled return with its refund, beside plain refunds', async () => {
    ({ owner, lamp } = await setUpActionStore(ctx.server, 20));
    const order = await paidShippedOrder(owner, lamp, 3);
    const placed = (
      await gql(owner, `query($id: ID!) { order(id: $id) { customer { id } total { amount } } }`, {
        id: order.id,
      })
    ).order;
    const customerId = placed.customer.id as string;

    const take = async (quantity: number) => {
      const made = (
        await gql(owner, CREATE, {
          input: {
            orderId: order.id,
            lines: [{ orderLineId: order.lineId, quantity, reason: 'SIZE_TOO_LARGE' }],
          },
        })
      ).returnCreate;
      expect(made.userErrors).toEqual([]);
      return made.return;
    };
    const first = await take(2);
    const received = await gql(owner, RECEIVE, {
      id: first.id,
      lines: [{ returnLineId: first.lines[0].id, quantity: 2, disposition: 'RESTOCK' }],
    });
    expect(received.returnReceive.userErrors).toEqual([]);
    const settled = (await gql(owner, SETTLE, { id: first.id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    const refunded = settled.return.refund.amount.amount as string;
    expect(Number(refunded)).toBeGreaterThan(0);

    const second = await take(1);
    expect((await gql(owner, CANCEL, { id: second.id })).returnCancel.userErrors).toEqual([]);
    const plain = (await gql(owner, REFUND, { input: { orderId: order.id, amount: '1.00' } })).orderRefund;
    expect(plain.userErrors).toEqual([]);

    const activity = (await gql(owner, ACTIVITY, { id: customerId })).customer.orderActivity;
    const r1 = `${order.name}-R1`;
    const r2 = `${order.name}-R2`;
    expect(activity.map((a: any) => [a.kind, a.orderId, a.returnName, a.units, a.amount.amount])).toEqual([
      ['REFUND', order.id, null, null, '1.00'],
      ['RETURN_CANCELLED', order.id, r2, null, '0.00'],
      ['RETURN_REQUESTED', order.id, r2, 1, '0.00'],
      ['RETURN_SETTLED', order.id, r1, null, refunded],
      ['RETURN_RECEIVED', order.id, r1, 2, '0.00'],
      ['RETURN_REQUESTED', order.id, r1, 2, '0.00'],
      ['ORDER_PLACED', order.id, null, null, placed.total.amount],
    ]);
    expect(activity.every((a: any) => a.orderName === order.name)).toBe(true);
  });
});
