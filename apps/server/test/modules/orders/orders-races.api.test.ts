import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import {
  createLocation,
  createOrder,
  createVariant,
  gql,
  readOrder,
  stockOf,
} from '../../support/order-fixtures.js';

/**
 * Concurrent commands on one order: the order row lock serialises them, so whichever runs second
 * sees what the first did. On PostgreSQL the two requests really overlap (separate connections);
 * on PGlite they queue on the one connection and must give the same answers.
 */
describe.each(DATABASES)('order races on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let second: Client;
  let warehouse: string;
  let lamp: string;

  it('sets up', async () => {
    owner = await signedIn(ctx.server);
    second = await signedIn(ctx.server);
    warehouse = await createLocation(owner, 'Warehouse');
    lamp = await createVariant(owner, { sku: 'RACE-LAMP', price: '10.00', stock: { [warehouse]: 500 } });
  });

  it('never captures more than was authorized, however captures overlap', async () => {
    const CAPTURE = `mutation($id: ID!, $amount: String) { orderCapture(id: $id, amount: $amount) {
      order { totalPaid { amount } } userErrors { code message } } }`;
    for (let round = 0; round < 6; round++) {
      const order = await createOrder(owner, [{ variantId: lamp, quantity: 10 }], {
        payment: { kind: 'AUTHORIZATION' },
      });
      // Each asks for 60 of the 100 authorized: only one of them fits.
      const results = await Promise.all([
        gql(owner, CAPTURE, { id: order.id, amount: '60.00' }),
        gql(second, CAPTURE, { id: order.id, amount: '60.00' }),
      ]);
      const ok = results.filter((r) => r.orderCapture.userErrors.length === 0);
      const refused = results.filter((r) => r.orderCapture.userErrors.length > 0);
      expect(ok).toHaveLength(1);
      expect(refused[0]!.orderCapture.userErrors).toEqual([
        { code: 'OUT_OF_RANGE', message: 'At most 40.00 USD is authorized and not yet captured.' },
      ]);
      const after = await readOrder(owner, order.id);
      expect(after.totalPaid).toEqual({ amount: '60.00' });
      expect(after.transactions.filter((t: any) => t.kind === 'CAPTURE')).toHaveLength(1);
      expect(after.paymentStatus).toBe('PARTIALLY_PAID');

      // The rest, twice at once with no amount: one captures 40, the other finds nothing left.
      const rest = await Promise.all([
        gql(owner, CAPTURE, { id: order.id }),
        gql(second, CAPTURE, { id: order.id }),
      ]);
      expect(rest.filter((r) => r.orderCapture.userErrors.length === 0)).toHaveLength(1);
      const paid = await readOrder(owner, order.id);
      expect(paid).toMatchObject({ totalPaid: { amount: '100.00' }, paymentStatus: 'PAID' });
      const captured = paid.transactions
        .filter((t: any) => t.kind === 'CAPTURE')
        .reduce((sum: number, t: any) => sum + Number(t.amount.amount), 0);
      expect(captured).toBe(100);
    }
  });

  it('never fulfills more than is unfulfilled, however fulfillments overlap', async () => {
    const FULFILL = `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) {
      fulfillment { id } userErrors { code message } } }`;
    const stockBefore = await stockOf(owner, lamp);
    const [onHandBefore] = stockBefore['Warehouse']!.split('/').map(Number);
    let shipped = 0;
    for (let round = 0; round < 6; round++) {
      const order = await createOrder(owner, [{ variantId: lamp, quantity: 3 }]);
      const line = order.lines[0];
      const results = await Promise.all([
        gql(owner, FULFILL, { input: { orderId: order.id, lines: [{ lineId: line.id, quantity: 2 }] } }),
        gql(second, FULFILL, { input: { orderId: order.id, lines: [{ lineId: line.id, quantity: 2 }] } }),
      ]);
      expect(results.filter((r) => r.orderFulfill.userErrors.length === 0)).toHaveLength(1);
      expect(results.flatMap((r) => r.orderFulfill.userErrors)).toEqual([
        { code: 'OUT_OF_RANGE', message: 'Fulfill exactly 1 of this item.' },
      ]);
      // And the default (everything left) twice at once: one ships the last unit, one is refused.
      const rest = await Promise.all([
        gql(owner, FULFILL, { input: { orderId: order.id } }),
        gql(second, FULFILL, { input: { orderId: order.id } }),
      ]);
      expect(rest.filter((r) => r.orderFulfill.userErrors.length === 0)).toHaveLength(1);
      const after = await readOrder(owner, order.id);
      expect(after.fulfillmentStatus).toBe('FULFILLED');
      const fulfilled = after.fulfillments
        .flatMap((f: any) => f.lines)
        .reduce((s: number, l: any) => s + l.quantity, 0);
      expect(fulfilled).toBe(3);
      expect(after.fulfillments.map((f: any) => f.name.split('-').at(-1))).toEqual(['F1', 'F2']);
      shipped += 3;
    }
    const stockAfter = await stockOf(owner, lamp);
    const [onHandAfter, committedAfter] = stockAfter['Warehouse']!.split('/').map(Number);
    expect(onHandAfter).toBe(onHandBefore! - shipped);
    expect(committedAfter).toBe(Number(stockBefore['Warehouse']!.split('/')[1]));
  });
});
