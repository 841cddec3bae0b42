import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  createOrder,
  gql,
  movementsOf,
  refusedChange,
  setUpActionStore,
  stockOf,
} from '../../support/order-fixtures.js';
import {
  fulfillAll,
  readRefundOrder,
  REFUND,
  refundOk,
  refundOrder,
  SUGGEST,
} from '../../support/refund-fixtures.js';

/** orderRefund and Order.suggestedRefund (SPEC §2 refund page, §4, §5): money, stock, customer and audit together. */
describe.each(DATABASES)('refunds on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let packer: Client;
  let warehouse: string;
  let shop: string;
  let lamp: string;
  let mug: string;

  it('sets up', async () => {
    ({ owner, packer, warehouse, shop, lamp, mug } = await setUpActionStore(ctx.server, 200));
    // Enough lamps at the warehouse that every order here ships from there.
    const added = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId: lamp, locationId: warehouse, delta: 100 }] } },
    );
    expect(added.inventoryAdjust.userErrors).toEqual([]);
  });

  /** A paid order of 2 lamps (40.00) and 3 mugs (12.50), everything shipped from the warehouse. */
  let buyers = 0;
  async function shippedOrder() {
    const order = await createOrder(
      owner,
      [
        { variantId: lamp, quantity: 2 },
        { variantId: mug, quantity: 3 },
      ],
      // A buyer of their own, so their spend is this order's alone.
      { payment: { kind: 'SALE' }, email: `refunds-${++buyers}@example.com` },
    );
    await fulfillAll(owner, order.id);
    const lines = Object.fromEntries(order.lines.map((l: any) => [l.sku, l.id]));
    return {
      id: order.id as string,
      lampLine: lines['ACT-LAMP'] as string,
      mugLine: lines['ACT-MUG'] as string,
    };
  }

  it('shows the amount before confirming, then refunds one shipped unit with restock', async () => {
    const order = await shippedOrder();
    const before = await stockOf(owner, lamp);
    const suggested = (
      await gql(owner, SUGGEST, { id: order.id, lines: [{ lineId: order.lampLine, quantity: 1 }] })
    ).order.suggestedRefund;
    expect(suggested).toMatchObject({
      subtotal: { amount: '40.00' },
      total: { amount: '40.00' },
      amount: { amount: '40.00' },
      maximumRefundable: { amount: '117.50' },
      userErrors: [],
    });

    const done = await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lampLine, quantity: 1, restock: true }],
      reason: 'Arrived broken',
    });
    expect(done.refund.amount).toEqual({ amount: '40.00' });
    expect(done.order).toMatchObject({
      paymentStatus: 'PARTIALLY_REFUNDED',
      totalRefunded: { amount: '40.00' },
      customer: { totalSpent: { amount: '77.50' } },
      refunds: [
        {
          amount: { amount: '40.00' },
          reason: 'Arrived broken',
          lines: [{ quantity: 1, restock: true, location: { name: 'Warehouse' }, line: { sku: 'ACT-LAMP' } }],
        },
      ],
    });
    expect(done.order.lines.find((l: any) => l.sku === 'ACT-LAMP').refundedQuantity).toBe(1);
    expect(done.order.transactions.at(-1)).toEqual({ kind: 'REFUND', amount: { amount: '40.00' } });
    // One unit back on the shelf it shipped from.
    const [onHand, committed] = before['Warehouse']!.split('/').map(Number);
    expect((await stockOf(owner, lamp))['Warehouse']).toBe(`${onHand! + 1}/${committed}`);
    expect((await movementsOf(owner, lamp)).at(-1)).toBe('RESTOCKED Warehouse 1/0');

    const audit = await gql(
      owner,
      `{ auditEvents(first: 1, action: "order.refund") { nodes { action changes { field before after } } } }`,
    );
    expect(audit.auditEvents.nodes[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'amount', before: null, after: '4000' },
        { field: 'payment_status', before: '"PAID"', after: '"PARTIALLY_REFUNDED"' },
        { field: 'total_refunded', before: '0', after: '4000' },
      ]),
    );
  });

  it('restocks to another active location when asked, and not at all when not', async () => {
    const order = await shippedOrder();
    const shopBefore = (await stockOf(owner, lamp))['Shop']!;
    await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lampLine, quantity: 1, restock: true, locationId: shop }],
    });
    const [onHand, committed] = shopBefore.split('/').map(Number);
    expect((await stockOf(owner, lamp))['Shop']).toBe(`${onHand! + 1}/${committed}`);
    const mugBefore = await stockOf(owner, mug);
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: order.mugLine, quantity: 1 }] });
    expect(await stockOf(owner, mug)).toEqual(mugBefore);
  });

  it('refunding a unit not yet shipped releases its reservation and leaves less to fulfill', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 3 }], { payment: { kind: 'SALE' } });
    const before = (await stockOf(owner, mug))['Warehouse']!.split('/').map(Number);
    const done = await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lines[0].id, quantity: 1, restock: true }],
    });
    expect(done.order.lines[0]).toMatchObject({ refundedQuantity: 1, unfulfilledQuantity: 2 });
    expect((await stockOf(owner, mug))['Warehouse']).toBe(`${before[0]}/${before[1]! - 1}`);
    expect((await movementsOf(owner, mug)).at(-1)).toBe('ORDER_RELEASED Warehouse 0/-1');
  });

  it('an order whose every unit was refunded before shipping no longer offers Fulfill, and refuses it', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 2 }], { payment: { kind: 'SALE' } });
    const actions = async () =>
      (
        await gql(owner, `query($id: ID!) { order(id: $id) { availableActions fulfillmentStatus } }`, {
          id: order.id,
        })
      ).order;
    expect((await actions()).availableActions).toContain('FULFILL');
    await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lines[0].id, quantity: 1, restock: true }],
    });
    // Something is still to ship after a partial refund.
    expect((await actions()).availableActions).toContain('FULFILL');
    await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lines[0].id, quantity: 1, restock: true }],
    });
    const after = await actions();
    // Nothing shipped, so not FULFILLED; nothing left, so no Fulfill (the order can still be closed).
    expect(after.fulfillmentStatus).toBe('UNFULFILLED');
    expect(after.availableActions).not.toContain('FULFILL');
    expect(after.availableActions).toContain('CLOSE');
    const refused = await gql(
      owner,
      `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) { userErrors { field code message } } }`,
      { input: { orderId: order.id } },
    );
    expect(refused.orderFulfill.userErrors).toHaveLength(1);
    expect(refused.orderFulfill.userErrors[0].message).toMatch(/nothing|no .*left|already/i);
  });

  it('refunding everything gives back exactly what was paid', async () => {
    const order = await shippedOrder();
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: order.mugLine, quantity: 1 }] });
    await refundOk(owner, {
      orderId: order.id,
      lines: [
        { lineId: order.mugLine, quantity: 2 },
        { lineId: order.lampLine, quantity: 2, restock: true },
      ],
    });
    const after = await readRefundOrder(owner, order.id);
    expect(after).toMatchObject({
      paymentStatus: 'REFUNDED',
      totalPaid: { amount: '117.50' },
      totalRefunded: { amount: '117.50' },
      customer: { totalSpent: { amount: '0.00' } },
    });
    const left = (await gql(owner, SUGGEST, { id: order.id })).order.suggestedRefund;
    expect(left.maximumRefundable).toEqual({ amount: '0.00' });
  });

  it('a goodwill refund of a lower amount, and never more than captured − refunded', async () => {
    const order = await shippedOrder();
    const lower = await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lampLine, quantity: 1 }],
      amount: '15.00',
    });
    expect(lower.refund.amount).toEqual({ amount: '15.00' });
    const watch = { orderId: order.id, field: 'orderRefund', variantIds: [lamp, mug] };
    expect(
      await refusedChange(owner, REFUND, { input: { orderId: order.id, amount: '102.51' } }, watch),
    ).toEqual([
      {
        field: ['input', 'amount'],
        code: 'REFUND_EXCEEDS_CAPTURED',
        message: "A refund can't be more than was paid and not yet refunded: at most 102.50 USD.",
      },
    ]);
    const goodwill = await refundOk(owner, { orderId: order.id, amount: '2.50', reason: 'Late delivery' });
    expect(goodwill.order.refunds).toHaveLength(2);
  });

  it('refuses bad input with the field named, changing nothing', async () => {
    const order = await shippedOrder();
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: order.lampLine, quantity: 1 }] });
    const watch = { orderId: order.id, field: 'orderRefund', variantIds: [lamp, mug] };
    const refused = (input: Record<string, unknown>) =>
      refusedChange(owner, REFUND, { input: { orderId: order.id, ...input } }, watch);

    // The same unit twice, and more than bought.
    expect(await refused({ lines: [{ lineId: order.lampLine, quantity: 2 }] })).toEqual([
      {
        field: ['input', 'lines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Refund exactly 1 of this item.',
      },
    ]);
    expect(await refused({ lines: [{ lineId: order.mugLine, quantity: 4 }] })).toEqual([
      {
        field: ['input', 'lines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Refund a whole number from 1 to 3 of this item.',
      },
    ]);
    expect(
      await refused({
        lines: [
          { lineId: order.mugLine, quantity: 1 },
          { lineId: order.mugLine, quantity: 1 },
        ],
      }),
    ).toEqual([
      {
        field: ['input', 'lines', '1', 'lineId'],
        code: 'INVALID',
        message: 'This line is already in the refund; change its quantity there.',
      },
    ]);
    expect(await refused({ amount: '-1' })).toEqual([
      { field: ['input', 'amount'], code: 'INVALID', message: 'Enter an amount like 12.50 in USD.' },
    ]);
    expect(await refused({ amount: '1.234' })).toEqual([
      { field: ['input', 'amount'], code: 'INVALID', message: 'Enter an amount like 12.50 in USD.' },
    ]);
    expect(await refused({ shipping: '1.00' })).toEqual([
      {
        field: ['input', 'shipping'],
        code: 'OUT_OF_RANGE',
        message: 'No shipping is left to refund on this order.',
      },
    ]);
    expect(await refused({})).toEqual([
      {
        field: ['input', 'lines'],
        code: 'REQUIRED',
        message: 'Choose items or shipping to refund, or enter an amount.',
      },
    ]);
    expect(await refused({ lines: [{ lineId: 'gid://nothing', quantity: 1 }] })).toEqual([
      {
        field: ['input', 'lines', '0', 'lineId'],
        code: 'INVALID',
        message: "This line isn't on this order.",
      },
    ]);
    expect(await refused({ reason: 'x'.repeat(501), amount: '1.00' })).toEqual([
      { field: ['input', 'reason'], code: 'TOO_LONG', message: 'Use at most 500 characters.' },
    ]);

    // Restocking to an inactive location.
    const closed = await gql(
      owner,
      `mutation($input: LocationInput!) { locationCreate(input: $input) { location { id } userErrors { message } } }`,
      { input: { name: 'Old depot', address: { city: 'Dayton', countryCode: 'US' } } },
    );
    const depot = closed.locationCreate.location.id;
    const off = await gql(
      owner,
      `mutation($id: ID!) { locationUpdate(id: $id, input: { active: false }) { userErrors { message } } }`,
      { id: depot },
    );
    expect(off.locationUpdate.userErrors).toEqual([]);
    expect(
      await refused({ lines: [{ lineId: order.mugLine, quantity: 1, restock: true, locationId: depot }] }),
    ).toEqual([
      {
        field: ['input', 'lines', '0', 'locationId'],
        code: 'INVALID',
        message: 'Old depot is inactive; restock to an active location.',
      },
    ]);
    // The suggestion names the same problems, as its arguments name them.
    const suggestion = (
      await gql(owner, SUGGEST, { id: order.id, lines: [{ lineId: order.lampLine, quantity: 5 }] })
    ).order.suggestedRefund;
    expect(suggestion.userErrors).toEqual([
      { field: ['lines', '0', 'quantity'], code: 'OUT_OF_RANGE', message: 'Refund exactly 1 of this item.' },
    ]);
  });

  it('needs REFUNDS_WRITE, and a repeat with the same key refunds once', async () => {
    const order = await shippedOrder();
    const denied = await packer.request(REFUND, { input: { orderId: order.id, amount: '1.00' } });
    expect(denied.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'REFUNDS_WRITE',
    });

    const input = {
      orderId: order.id,
      lines: [{ lineId: order.mugLine, quantity: 1 }],
      idempotencyKey: 'refund-once',
    };
    const first = await refundOk(owner, input);
    const again = await refundOk(owner, input);
    expect(again.refund.id).toBe(first.refund.id);
    expect((await readRefundOrder(owner, order.id)).refunds).toHaveLength(1);
    const reused = await refundOrder(owner, { ...input, amount: '1.00' });
    expect(reused.userErrors).toEqual([
      {
        field: ['input', 'idempotencyKey'],
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This idempotency key was already used for a different request.',
      },
    ]);
  });

  it('cancel with refund goes through the same refund', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 2 }], {
      payment: { kind: 'SALE' },
      email: 'cancel-refund@example.com',
    });
    const cancelled = (await gql(owner, CANCEL, { id: order.id, reason: 'Changed mind', refund: true }))
      .orderCancel;
    expect(cancelled.userErrors).toEqual([]);
    const after = await readRefundOrder(owner, order.id);
    expect(after).toMatchObject({
      paymentStatus: 'REFUNDED',
      totalRefunded: { amount: '25.00' },
      customer: { totalSpent: { amount: '0.00' } },
      refunds: [{ amount: { amount: '25.00' }, reason: 'Order cancelled: Changed mind', lines: [] }],
    });
    // Refunding its lines afterwards would give nothing back (no money left, the stock was released
    // by the cancel): refused, and it moves no stock twice (issue #26 §1.1).
    const mugBefore = await stockOf(owner, mug);
    const nothing = await refundOrder(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lines[0].id, quantity: 2 }],
      amount: '0',
    });
    expect(nothing.userErrors).toEqual([
      expect.objectContaining({ code: 'REQUIRED', field: ['input', 'amount'] }),
    ]);
    expect(await stockOf(owner, mug)).toEqual(mugBefore);
    expect((await readRefundOrder(owner, order.id)).refunds).toHaveLength(1);
  });
});
