import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import {
  CANCEL,
  createOrder,
  FULFILL,
  FULFILLMENT_CANCEL,
  gql,
  readOrder,
  setUpActionStore,
  stockOf,
} from '../../support/order-fixtures.js';
import { fulfillAll, refundOk, refundOrder, SUGGEST } from '../../support/refund-fixtures.js';

/**
 * Issue #26 §1.1, §1.2, §3: a refund never records what did not happen. These tests read the
 * database itself (refunds, refund_lines, inventory_movements), not only the API's answer: every
 * unit a refund line says went back to stock is a movement in the ledger, and every movement an
 * order makes names the order.
 */
describe.each(DATABASES)('refunds against the stock ledger on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let ownerName: string;
  let shop: string;
  let lamp: string;
  let mug: string;
  const db = () => ctx.server.app.database.db;
  const uuid = (type: 'Order' | 'ProductVariant' | 'Location', id: string) => decodeIdOf(type, id)!;

  /** Everything the database holds about an order's refunds and stock. */
  async function ledgerOf(orderId: string) {
    const id = uuid('Order', orderId);
    const [movements, refunds, refundLines] = await Promise.all([
      db()
        .selectFrom('inventory_movements')
        .select([
          'reason',
          'variant_id',
          'location_id',
          'on_hand_delta',
          'committed_delta',
          'note',
          'order_id',
        ])
        .where('order_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db()
        .selectFrom('refunds')
        .select(['id', 'amount', 'staff_id', 'staff_name', 'transaction_id'])
        .where('order_id', '=', id)
        .execute(),
      db()
        .selectFrom('refund_lines as rl')
        .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
        .innerJoin('order_lines as ol', 'ol.id', 'rl.order_line_id')
        .select(['rl.quantity', 'rl.restock', 'rl.restocked_quantity', 'rl.location_id', 'ol.variant_id'])
        .where('r.order_id', '=', id)
        .execute(),
    ]);
    return { movements, refunds, refundLines };
  }

  /** Every movement of the database, to prove a refused command wrote none anywhere. */
  const allMovements = async () =>
    Number(
      (
        await db()
          .selectFrom('inventory_movements')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * The rule of §1.1 on one order: the units its refund lines say went back to stock are exactly
   * the units of its refunds' RESTOCKED and ORDER_RELEASED movements, variant by variant; every
   * RESTOCKED movement is a refund's (these orders have no cancelled fulfillment) at the location
   * a restocked refund line names, and every restocked refund line has its movements.
   */
  async function expectLedgerMatchesRefunds(orderId: string) {
    const { movements, refundLines } = await ledgerOf(orderId);
    const byRefunds = movements.filter((m) => m.note?.startsWith('Refund on order '));
    const moved = new Map<string, number>();
    for (const m of byRefunds) {
      expect(['RESTOCKED', 'ORDER_RELEASED']).toContain(m.reason);
      const units = m.reason === 'RESTOCKED' ? m.on_hand_delta : -m.committed_delta;
      expect(units).toBeGreaterThan(0);
      moved.set(m.variant_id, (moved.get(m.variant_id) ?? 0) + units);
    }
    const claimed = new Map<string, number>();
    for (const l of refundLines) {
      expect(l.restock).toBe(l.restocked_quantity > 0);
      expect(l.restocked_quantity).toBeLessThanOrEqual(l.quantity);
      if (l.restocked_quantity > 0) {
        expect(l.location_id).not.toBeNull();
        claimed.set(l.variant_id!, (claimed.get(l.variant_id!) ?? 0) + l.restocked_quantity);
      }
    }
    expect(claimed).toEqual(moved);
    for (const m of movements.filter((m) => m.reason === 'RESTOCKED')) {
      expect(m.note).toMatch(/^Refund on order #\d+$/);
      expect(
        refundLines.some(
          (l) => l.restock && l.variant_id === m.variant_id && l.location_id === m.location_id,
        ),
      ).toBe(true);
    }
  }

  it('sets up', async () => {
    ({ owner, shop, lamp, mug } = await setUpActionStore(ctx.server, 200));
    ownerName = (await gql(owner, `{ me { name } }`)).me.name;
    expect(ownerName).toBeTruthy();
  });

  it('refuses a restock on a cancelled, refunded order and writes nothing (the #3019 refund)', async () => {
    const order = await createOrder(owner, [{ variantId: mug, quantity: 2 }], { payment: { kind: 'SALE' } });
    expect((await gql(owner, CANCEL, { id: order.id, refund: true })).orderCancel.userErrors).toEqual([]);
    const line = order.lines[0].id;
    const before = {
      ledger: await ledgerOf(order.id),
      stock: await stockOf(owner, mug),
      all: await allMovements(),
    };
    expect(before.ledger.refunds).toHaveLength(1);

    const suggested = (
      await gql(owner, SUGGEST, { id: order.id, lines: [{ lineId: line, quantity: 1, restock: true }] })
    ).order.suggestedRefund;
    const restockRefused = {
      field: ['lines', '0', 'restock'],
      code: 'INVALID',
      message:
        'These units went back to stock when the order was cancelled; there is nothing to restock. Untick Restock.',
    };
    expect(suggested.userErrors).toEqual([restockRefused]);
    const refused = await refundOrder(owner, {
      orderId: order.id,
      lines: [{ lineId: line, quantity: 1, restock: true }],
    });
    expect(refused.userErrors).toEqual([{ ...restockRefused, field: ['input', ...restockRefused.field] }]);
    // Without restock it gives nothing back at all (no money left, no stock to move): refused too.
    const nothing = await refundOrder(owner, { orderId: order.id, lines: [{ lineId: line, quantity: 1 }] });
    expect(nothing.userErrors).toEqual([
      {
        field: ['input', 'amount'],
        code: 'REQUIRED',
        message:
          'This refund gives back no money and puts nothing back in stock; enter an amount, or choose items to restock.',
      },
    ]);
    expect(await ledgerOf(order.id)).toEqual(before.ledger);
    expect(await stockOf(owner, mug)).toEqual(before.stock);
    expect(await allMovements()).toBe(before.all);
    await expectLedgerMatchesRefunds(order.id);
  });

  it('refuses a refund of no money and no units, and records who made every refund', async () => {
    // Shipped and never paid: nothing to give back but the goods, if they come back.
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }]);
    await fulfillAll(owner, order.id);
    const line = order.lines[0].id;
    const before = { ledger: await ledgerOf(order.id), all: await allMovements() };
    const refused = await refundOrder(owner, { orderId: order.id, lines: [{ lineId: line, quantity: 1 }] });
    expect(refused.userErrors).toEqual([
      expect.objectContaining({ code: 'REQUIRED', field: ['input', 'amount'] }),
    ]);
    expect(await refundOrder(owner, { orderId: order.id })).toMatchObject({
      userErrors: [{ code: 'REQUIRED', message: 'Choose items or shipping to refund, or enter an amount.' }],
    });
    expect(await ledgerOf(order.id)).toEqual(before.ledger);
    expect(await allMovements()).toBe(before.all);

    // The returned lamp restocked for no money: a real refund, made by the owner.
    const stock = await stockOf(owner, lamp);
    const done = await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: line, quantity: 1, restock: true }],
    });
    expect(done.order.refunds).toEqual([
      expect.objectContaining({
        amount: { amount: '0.00' },
        staffName: ownerName,
        lines: [{ quantity: 1, restock: true, location: { name: 'Warehouse' }, line: { sku: 'ACT-LAMP' } }],
      }),
    ]);
    const [refund] = (await ledgerOf(order.id)).refunds;
    expect(refund).toMatchObject({ amount: 0, transaction_id: null, staff_name: ownerName });
    expect(refund!.staff_id).toBeTruthy();
    const [w, wc] = stock['Warehouse']!.split('/').map(Number);
    expect(await stockOf(owner, lamp)).toEqual({ ...stock, Warehouse: `${w! + 1}/${wc}` });
    await expectLedgerMatchesRefunds(order.id);
  });

  it('refuses to cancel a shipment whose items were refunded after shipping, and writes nothing', async () => {
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }], { payment: { kind: 'SALE' } });
    await fulfillAll(owner, order.id);
    const line = order.lines[0].id;
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: line, quantity: 1, restock: true }] });
    const fulfillmentId = (await readOrder(owner, order.id)).fulfillments[0].id;
    const before = {
      ledger: await ledgerOf(order.id),
      stock: await stockOf(owner, lamp),
      all: await allMovements(),
    };
    const refused = (await gql(owner, FULFILLMENT_CANCEL, { id: fulfillmentId })).fulfillmentCancel;
    expect(refused.userErrors).toEqual([
      {
        field: ['id'],
        code: 'INVALID_TRANSITION',
        message:
          "Items of this shipment were refunded after they shipped, so the shipment can't be cancelled.",
      },
    ]);
    expect(await ledgerOf(order.id)).toEqual(before.ledger);
    expect(await stockOf(owner, lamp)).toEqual(before.stock);
    expect(await allMovements()).toBe(before.all);
    await expectLedgerMatchesRefunds(order.id);

    // A refund of units that never shipped does not stand in the way of cancelling the shipment.
    const partly = await createOrder(owner, [{ variantId: lamp, quantity: 3 }], {
      payment: { kind: 'SALE' },
    });
    const partLine = partly.lines[0].id;
    const shipped = await gql(owner, FULFILL, {
      input: { orderId: partly.id, lines: [{ lineId: partLine, quantity: 1 }] },
    });
    expect(shipped.orderFulfill.userErrors).toEqual([]);
    await refundOk(owner, { orderId: partly.id, lines: [{ lineId: partLine, quantity: 2 }] });
    const cancelled = (await gql(owner, FULFILLMENT_CANCEL, { id: shipped.orderFulfill.fulfillment.id }))
      .fulfillmentCancel;
    expect(cancelled.userErrors).toEqual([]);
    expect(cancelled.order.lines[0]).toMatchObject({ fulfilledQuantity: 0, unfulfilledQuantity: 1 });
  });

  it('records an API token as the one who refunded', async () => {
    const made = (
      await gql(
        owner,
        `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token userErrors { message } } }`,
        { input: { name: 'Returns desk', permissions: ['ORDERS_READ', 'REFUNDS_WRITE'] } },
      )
    ).apiTokenCreate;
    expect(made.userErrors).toEqual([]);
    const order = await createOrder(owner, [{ variantId: mug, quantity: 1 }], { payment: { kind: 'SALE' } });
    const res = await fetch(`${ctx.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${made.token}` },
      body: JSON.stringify({
        query: `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { refund { staffName } userErrors { message } } }`,
        variables: { input: { orderId: order.id, amount: '2.00' } },
      }),
    });
    const body = await res.json();
    expect(body.data.orderRefund).toEqual({ refund: { staffName: 'Returns desk' }, userErrors: [] });
    expect((await ledgerOf(order.id)).refunds).toEqual([
      expect.objectContaining({ amount: 200, staff_name: 'Returns desk' }),
    ]);
  });

  it('puts in the ledger exactly the units every refund line claims, each movement naming its order', async () => {
    // Shipped in full: one lamp back on the shelf at the shop, one mug kept by the customer.
    const shipped = await createOrder(
      owner,
      [
        { variantId: lamp, quantity: 2 },
        { variantId: mug, quantity: 3 },
      ],
      { payment: { kind: 'SALE' } },
    );
    await fulfillAll(owner, shipped.id);
    const [lampLine, mugLine] = [shipped.lines[0].id, shipped.lines[1].id];
    await refundOk(owner, {
      orderId: shipped.id,
      lines: [
        { lineId: lampLine, quantity: 1, restock: true, locationId: shop },
        { lineId: mugLine, quantity: 1 },
      ],
    });
    // Partly shipped: 2 of 3 mugs still reserved; a refund of all three releases two, restocks one.
    const partly = await createOrder(owner, [{ variantId: mug, quantity: 3 }], { payment: { kind: 'SALE' } });
    const first = (
      await gql(owner, FULFILL, {
        input: { orderId: partly.id, lines: [{ lineId: partly.lines[0].id, quantity: 1 }] },
      })
    ).orderFulfill;
    expect(first.userErrors).toEqual([]);
    await refundOk(owner, {
      orderId: partly.id,
      lines: [{ lineId: partly.lines[0].id, quantity: 3, restock: true }],
    });
    // Cancelled with its money refunded: the cancel released the stock, the refund moved none.
    const cancelled = await createOrder(owner, [{ variantId: lamp, quantity: 1 }], {
      payment: { kind: 'SALE' },
    });
    expect((await gql(owner, CANCEL, { id: cancelled.id, refund: true })).orderCancel.userErrors).toEqual([]);

    for (const o of [shipped, partly, cancelled]) await expectLedgerMatchesRefunds(o.id);
    const partlyLedger = await ledgerOf(partly.id);
    expect(partlyLedger.refundLines).toEqual([
      expect.objectContaining({ quantity: 3, restock: true, restocked_quantity: 3 }),
    ]);
    expect(
      (await ledgerOf(shipped.id)).refundLines
        .map(
          (l) => `${l.variant_id === uuid('ProductVariant', lamp) ? 'lamp' : 'mug'} ${l.restocked_quantity}`,
        )
        .sort(),
    ).toEqual(['lamp 1', 'mug 0']);
    expect((await ledgerOf(cancelled.id)).refundLines).toEqual([]);

    // Every movement these orders made names its order as the store numbers it, and keeps its id.
    const notes = async (o: { id: string }) =>
      (await ledgerOf(o.id)).movements.map((m) => `${m.reason} ${m.note}`);
    expect(await notes(shipped)).toEqual([
      `ORDER_COMMITTED Order ${shipped.name}`,
      `ORDER_COMMITTED Order ${shipped.name}`,
      `FULFILLED Order ${shipped.name}-F1`,
      `FULFILLED Order ${shipped.name}-F1`,
      `RESTOCKED Refund on order ${shipped.name}`,
    ]);
    expect(await notes(partly)).toEqual([
      `ORDER_COMMITTED Order ${partly.name}`,
      `FULFILLED Order ${partly.name}-F1`,
      `ORDER_RELEASED Refund on order ${partly.name}`,
      `RESTOCKED Refund on order ${partly.name}`,
    ]);
    expect(await notes(cancelled)).toEqual([
      `ORDER_COMMITTED Order ${cancelled.name}`,
      `ORDER_RELEASED Order ${cancelled.name} cancelled`,
    ]);
    expect(shipped.name).toMatch(/^#\d+$/);
    // The stock history links each of them to the order.
    const history = (
      await gql(
        owner,
        `query($v: ID!) { inventoryMovements(variantId: $v, first: 100) { nodes { reason note orderId } } }`,
        { v: lamp },
      )
    ).inventoryMovements.nodes.filter((m: any) => m.note?.includes(cancelled.name));
    expect(history.map((m: any) => m.orderId)).toEqual([cancelled.id, cancelled.id]);
  });
});
