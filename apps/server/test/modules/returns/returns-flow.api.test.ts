import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { gql, setUpActionStore, stockOf } from '../../support/order-fixtures.js';
import { refundOk, refundOrder } from '../../support/refund-fixtures.js';
import {
  CANCEL,
  CLOSE,
  CREATE,
  OPEN,
  paidShippedOrder as ownedOrder,
  RECEIVE,
  SETTLE,
  SUGGESTED,
} from '../../support/return-fixtures.js';

/**
 * Issue #31: a return of a shipped order from request to close, read back from the database as
 * well as the API — the ledger's movements, the refund's money rows and the order lines' counts.
 */
describe.each(DATABASES)('returns from request to close on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;
  let shop: string;
  let warehouse: string;
  const db = () => ctx.server.app.database.db;

  const paidShippedOrder = (quantity: number) => ownedOrder(owner, lamp, quantity);

  const returnRows = async (orderId: string) =>
    db().selectFrom('returns').selectAll().where('order_id', '=', decodeIdOf('Order', orderId)!).execute();
  const movementsOf = async (orderId: string) =>
    db()
      .selectFrom('inventory_movements')
      .select(['reason', 'location_id', 'on_hand_delta', 'committed_delta', 'note'])
      .where('order_id', '=', decodeIdOf('Order', orderId)!)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('sets up', async () => {
    ({ owner, lamp, shop, warehouse } = await setUpActionStore(ctx.server, 50));
  });

  it('takes, receives (restock + damaged), settles with fees and closes a return; ledger and money agree', async () => {
    const order = await paidShippedOrder(3);
    expect(order.lines[0].returnableQuantity).toBe(3);

    const created = (
      await gql(owner, CREATE, {
        input: {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 2, reason: 'SIZE_TOO_SMALL', note: 'Runs small' }],
          returnShippingFee: '5.00',
          restockingFeePercent: 10,
        },
      })
    ).returnCreate;
    expect(created.userErrors).toEqual([]);
    expect(created.return).toMatchObject({
      name: `${order.name}-R1`,
      status: 'REQUESTED',
      quantity: 2,
      availableActions: ['open', 'receive', 'settle', 'cancel'],
    });
    expect(created.order.lines[0].returnableQuantity).toBe(1);
    const id = created.return.id;
    const lineId = created.return.lines[0].id;

    // A second return for more than is left is refused and writes nothing.
    const more = (
      await gql(owner, CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity: 2, reason: 'UNWANTED' }] },
      })
    ).returnCreate;
    expect(more.userErrors).toEqual([
      {
        field: ['input', 'lines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Only 1 of this item can be returned (shipped and not already on a return).',
      },
    ]);
    expect(await returnRows(order.id)).toHaveLength(1);

    expect((await gql(owner, OPEN, { id })).returnOpen.return.status).toBe('OPEN');
    const before = await stockOf(owner, lamp);
    const receipt = [
      { returnLineId: lineId, quantity: 1, disposition: 'RESTOCK', locationId: shop },
      { returnLineId: lineId, quantity: 1, disposition: 'DAMAGED' },
    ];
    const received = (
      await gql(owner, RECEIVE, {
        id,
        lines: receipt,
        key: `receive-${id}`,
      })
    ).returnReceive;
    expect(received.userErrors).toEqual([]);
    expect(received.return).toMatchObject({ status: 'RECEIVED', receivedQuantity: 2 });
    expect(received.return.lines[0]).toMatchObject({
      restockedQuantity: 1,
      damagedQuantity: 1,
      missingQuantity: 0,
    });
    // Shop gains one sellable unit; the warehouse (where it shipped from) keeps one aside, unsellable.
    const after = await stockOf(owner, lamp);
    const onHand = (s: string) => Number(s.split('/')[0]);
    expect(onHand(after['Shop']!)).toBe(onHand(before['Shop']!) + 1);
    expect(after['Warehouse']).toBe(before['Warehouse']);
    const damaged = await db()
      .selectFrom('inventory_levels')
      .select(['location_id', 'damaged'])
      .where('variant_id', '=', decodeIdOf('ProductVariant', lamp)!)
      .execute();
    expect(Object.fromEntries(damaged.map((d) => [d.location_id, d.damaged]))).toEqual({
      [decodeIdOf('Location', warehouse)!]: 1,
      [decodeIdOf('Location', shop)!]: 0,
    });
    const returnMoves = (await movementsOf(order.id)).filter((m) => m.note?.startsWith('Return '));
    expect(returnMoves).toEqual([
      {
        reason: 'RESTOCKED',
        location_id: decodeIdOf('Location', shop),
        on_hand_delta: 1,
        committed_delta: 0,
        note: `Return ${order.name}-R1`,
      },
      {
        reason: 'RETURN_DAMAGED',
        location_id: decodeIdOf('Location', warehouse),
        on_hand_delta: 0,
        committed_delta: 0,
        note: `Return ${order.name}-R1: 1 unit kept aside as damaged`,
      },
    ]);

    // The same receipt again (same key) is the first one: nothing more moves.
    const again = (
      await gql(owner, RECEIVE, {
        id,
        lines: receipt,
        key: `receive-${id}`,
      })
    ).returnReceive;
    expect(again.userErrors).toEqual([]);
    expect((await movementsOf(order.id)).filter((m) => m.note?.startsWith('Return '))).toHaveLength(2);

    // Received units can't be cancelled away.
    expect((await gql(owner, CANCEL, { id })).returnCancel.userErrors[0]).toMatchObject({
      code: 'INVALID_TRANSITION',
    });

    // 2 × 40.00 credited, 10 % restocking (8.00) and a 5.00 label: 67.00 back.
    const suggested = (await gql(owner, SUGGESTED, { id })).return.suggestedSettlement;
    expect(suggested).toMatchObject({
      credit: { amount: '80.00' },
      restockingFee: { amount: '8.00' },
      returnShippingFee: { amount: '5.00' },
      fees: { amount: '13.00' },
      refund: { amount: '67.00' },
      creditedQuantity: 2,
      canRefundShipping: false,
    });
    const settled = (await gql(owner, SETTLE, { id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    expect(settled.return).toMatchObject({
      credit: { amount: '80.00' },
      fees: { amount: '13.00' },
      refund: { amount: { amount: '67.00' } },
      availableActions: ['close'],
    });
    expect(settled.order).toMatchObject({
      paymentStatus: 'PARTIALLY_REFUNDED',
      totalRefunded: { amount: '67.00' },
    });
    expect(settled.order.lines[0]).toMatchObject({ returnCreditedQuantity: 2, refundedQuantity: 0 });
    // The money rows: one REFUND transaction of 67.00 and the refund naming the return.
    const refunds = await db()
      .selectFrom('refunds')
      .select(['amount', 'reason', 'transaction_id'])
      .where('order_id', '=', decodeIdOf('Order', order.id)!)
      .execute();
    expect(refunds).toEqual([
      { amount: 6700, reason: `Return ${order.name}-R1`, transaction_id: expect.any(String) },
    ]);
    const refundTx = await db()
      .selectFrom('order_transactions')
      .select(['kind', 'amount'])
      .where('id', '=', refunds[0]!.transaction_id!)
      .executeTakeFirstOrThrow();
    expect(refundTx).toEqual({ kind: 'REFUND', amount: 6700 });

    // The credited units can't be refunded again: only the third lamp is left to refund.
    const twice = await refundOrder(owner, {
      orderId: order.id,
      lines: [{ lineId: order.lineId, quantity: 2 }],
    });
    expect(twice.userErrors[0]).toMatchObject({ code: 'OUT_OF_RANGE' });

    const closed = (await gql(owner, CLOSE, { id })).returnClose;
    expect(closed.return).toMatchObject({ status: 'CLOSED', availableActions: [] });
    expect(closed.order.lines[0].returnableQuantity).toBe(1);

    // The order's timeline tells the return in words.
    const timeline = (
      await gql(owner, `query($id: ID!) { order(id: $id) { timeline(first: 20) { message } } }`, {
        id: order.id,
      })
    ).order.timeline.map((e: { message: string }) => e.message);
    const r = `${order.name}-R1`;
    expect(timeline).toEqual(
      expect.arrayContaining([
        `Return ${r} requested: 2 × Product ACT-LAMP (Size too small)`,
        `Return ${r} is awaiting its parcel`,
        `Return ${r} received: 1 × Product ACT-LAMP: restock at Shop; 1 × Product ACT-LAMP: damaged at Warehouse`,
        `Return ${r} settled: credit $80.00, fees $13.00, refunded $67.00`,
        `Return ${r} closed`,
      ]),
    );
  });

  it('units refunded before ("keep it") come back without money; missing units move nothing', async () => {
    const order = await paidShippedOrder(3);
    // Two of three units were refunded and kept; the customer then sends two back, one goes missing.
    await refundOk(owner, { orderId: order.id, lines: [{ lineId: order.lineId, quantity: 2 }] });
    const created = (
      await gql(owner, CREATE, {
        input: {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 2, reason: 'DEFECTIVE' }],
        },
      })
    ).returnCreate;
    expect(created.userErrors).toEqual([]);
    const id = created.return.id;
    const lineId = created.return.lines[0].id;
    const moves = (await movementsOf(order.id)).length;
    const received = (
      await gql(owner, RECEIVE, {
        id,
        lines: [
          { returnLineId: lineId, quantity: 1, disposition: 'RESTOCK' },
          { returnLineId: lineId, quantity: 1, disposition: 'MISSING' },
        ],
      })
    ).returnReceive;
    expect(received.userErrors).toEqual([]);
    expect(received.return.receipts.map((r: any) => [r.disposition, r.location?.name ?? null])).toEqual([
      ['RESTOCK', 'Warehouse'],
      ['MISSING', null],
    ]);
    // One RESTOCKED movement, nothing for the missing unit.
    expect((await movementsOf(order.id)).slice(moves).map((m) => m.reason)).toEqual(['RESTOCKED']);
    // One unit counts (the other is missing); with two of three refunded, one unpaid unit is left, so
    // it is credited: min(units back, units not refunded).
    const suggested = (await gql(owner, SUGGESTED, { id })).return.suggestedSettlement;
    expect(suggested).toMatchObject({
      credit: { amount: '40.00' },
      refund: { amount: '40.00' },
      creditedQuantity: 1,
    });

    // A second order, both units refunded and kept, one sent back: nothing is owed, no refund is made.
    const kept = await paidShippedOrder(2);
    await refundOk(owner, { orderId: kept.id, lines: [{ lineId: kept.lineId, quantity: 2 }] });
    const back = (
      await gql(owner, CREATE, {
        input: { orderId: kept.id, lines: [{ orderLineId: kept.lineId, quantity: 1, reason: 'UNWANTED' }] },
      })
    ).returnCreate.return;
    await gql(owner, RECEIVE, {
      id: back.id,
      lines: [{ returnLineId: back.lines[0].id, quantity: 1, disposition: 'RESTOCK' }],
    });
    const refundsBefore = await db().selectFrom('refunds').select('id').execute();
    const settled = (await gql(owner, SETTLE, { id: back.id })).returnSettle;
    expect(settled.userErrors).toEqual([]);
    expect(settled.return).toMatchObject({
      credit: { amount: '0.00' },
      refund: null,
      settledAt: expect.any(String),
    });
    expect(settled.return.lines[0]).toMatchObject({ creditedQuantity: 0, credit: { amount: '0.00' } });
    expect(await db().selectFrom('refunds').select('id').execute()).toHaveLength(refundsBefore.length);
  });
});
