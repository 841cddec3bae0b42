import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder, gql, MARK_PAID, setUpActionStore, stockOf } from '../../support/order-fixtures.js';
import { fulfillAll, refundOk, refundOrder } from '../../support/refund-fixtures.js';

const RETURN = `id name status quantity receivedQuantity availableActions settledAt
  credit { amount } fees { amount } refund { amount { amount } }
  lines { id quantity reason restockedQuantity damagedQuantity missingQuantity expectedQuantity creditedQuantity credit { amount } }
  receipts { quantity disposition location { name } }`;
const PAYLOAD = `return { ${RETURN} } order { id paymentStatus totalRefunded { amount }
  lines { id sku returnableQuantity returnCreditedQuantity refundedQuantity } } userErrors { field code message }`;

const CREATE = `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) { ${PAYLOAD} } }`;
const RECEIVE = `mutation($id: ID!, $lines: [ReturnReceiveLineInput!]!, $key: String) {
  returnReceive(id: $id, lines: $lines, idempotencyKey: $key) { ${PAYLOAD} } }`;
const SETTLE = `mutation($id: ID!, $refund: ReturnSettleRefundInput, $key: String) {
  returnSettle(id: $id, refund: $refund, idempotencyKey: $key) { ${PAYLOAD} } }`;
const CANCEL = `mutation($id: ID!) { returnCancel(id: $id) { ${PAYLOAD} } }`;
const CLOSE = `mutation($id: ID!) { returnClose(id: $id) { ${PAYLOAD} } }`;
const OPEN = `mutation($id: ID!) { returnOpen(id: $id) { ${PAYLOAD} } }`;
const SUGGESTED = `query($id: ID!, $ship: Boolean) { return(id: $id) { suggestedSettlement(refundShipping: $ship) {
  credit { amount } fees { amount } restockingFee { amount } returnShippingFee { amount } refund { amount }
  creditedQuantity canRefundShipping userErrors { code message } } } }`;

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

  async function paidShippedOrder(quantity: number) {
    const order = await createOrder(owner, [{ variantId: lamp, quantity }]);
    expect((await gql(owner, MARK_PAID, { id: order.id })).orderMarkAsPaid.userErrors).toEqual([]);
    await fulfillAll(owner, order.id);
    const lines = (
      await gql(owner, `query($id: ID!) { order(id: $id) { lines { id returnableQuantity } } }`, {
        id: order.id,
      })
    ).order.lines;
    return { id: order.id as string, name: order.name as string, lineId: lines[0].id as string, lines };
  }

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
    const received = (
      await gql(owner, RECEIVE, {
        id,
        lines: [
          { returnLineId: lineId, quantity: 1, disposition: 'RESTOCK', locationId: shop },
          { returnLineId: lineId, quantity: 1, disposition: 'DAMAGED' },
        ],
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
        lines: [
          { returnLineId: lineId, quantity: 1, disposition: 'RESTOCK', locationId: shop },
          { returnLineId: lineId, quantity: 1, disposition: 'DAMAGED' },
        ],
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

  it('refuses bad input in plain words and writes nothing', async () => {
    const order = await paidShippedOrder(1);
    const unshipped = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
    const unshippedLine = (
      await gql(owner, `query($id: ID!) { order(id: $id) { lines { id } } }`, { id: unshipped.id })
    ).order.lines[0].id;
    const cases: [Record<string, unknown>, { field: string[]; code: string }][] = [
      [
        { orderId: order.id, lines: [] },
        { field: ['input', 'lines'], code: 'REQUIRED' },
      ],
      [
        { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity: 0, reason: 'OTHER' }] },
        { field: ['input', 'lines', '0', 'quantity'], code: 'OUT_OF_RANGE' },
      ],
      [
        { orderId: unshipped.id, lines: [{ orderLineId: unshippedLine, quantity: 1, reason: 'OTHER' }] },
        { field: ['input', 'lines', '0', 'quantity'], code: 'OUT_OF_RANGE' },
      ],
      [
        { orderId: order.id, lines: [{ orderLineId: unshippedLine, quantity: 1, reason: 'OTHER' }] },
        { field: ['input', 'lines', '0', 'orderLineId'], code: 'INVALID' },
      ],
      [
        {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'OTHER' }],
          returnShippingFee: '1.234',
        },
        { field: ['input', 'returnShippingFee'], code: 'INVALID' },
      ],
      [
        {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'OTHER' }],
          restockingFeePercent: 101,
        },
        { field: ['input', 'restockingFeePercent'], code: 'OUT_OF_RANGE' },
      ],
      [
        { orderId: 'nope', lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'OTHER' }] },
        { field: ['input', 'orderId'], code: 'INVALID' },
      ],
    ];
    for (const [input, error] of cases) {
      const done = (await gql(owner, CREATE, { input })).returnCreate;
      expect(done.return, JSON.stringify(input)).toBeNull();
      expect(done.userErrors[0], JSON.stringify(input)).toMatchObject(error);
      expect(done.userErrors[0].message.length).toBeGreaterThan(10);
    }
    expect(await returnRows(order.id)).toHaveLength(0);

    const ok = (
      await gql(owner, CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'OTHER' }] },
      })
    ).returnCreate.return;
    const over = (
      await gql(owner, RECEIVE, {
        id: ok.id,
        lines: [{ returnLineId: ok.lines[0].id, quantity: 2, disposition: 'RESTOCK' }],
      })
    ).returnReceive;
    expect(over.userErrors).toEqual([
      {
        field: ['lines', '0', 'quantity'],
        code: 'OUT_OF_RANGE',
        message: 'Receive 1 to 1 of this item (1 still expected).',
      },
    ]);
    const inactive = (
      await gql(owner, RECEIVE, {
        id: ok.id,
        lines: [
          { returnLineId: ok.lines[0].id, quantity: 1, disposition: 'RESTOCK', locationId: 'loc_nope' },
        ],
      })
    ).returnReceive;
    expect(inactive.userErrors[0]).toMatchObject({ field: ['lines', '0', 'locationId'], code: 'INVALID' });
    expect(
      (await gql(owner, `query($id: ID!) { return(id: $id) { receivedQuantity } }`, { id: ok.id })).return,
    ).toEqual({
      receivedQuantity: 0,
    });
    // Cancel frees the unit again.
    expect((await gql(owner, CANCEL, { id: ok.id })).returnCancel.return.status).toBe('CANCELLED');
    expect(
      (
        await gql(owner, `query($id: ID!) { order(id: $id) { lines { returnableQuantity } } }`, {
          id: order.id,
        })
      ).order.lines[0].returnableQuantity,
    ).toBe(1);
  });

  it('staff without RETURNS_WRITE see returns but cannot take one', async () => {
    await ctx.server.createStaff({
      email: 'analyst@example.com',
      name: 'Ana Lyst',
      password: 'counting-beans-daily-42',
      roleKeys: ['analyst'],
    });
    const analyst = await signedIn(ctx.server, 'analyst@example.com', 'counting-beans-daily-42');
    const order = await paidShippedOrder(1);
    const res = await analyst.request(CREATE, {
      input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'OTHER' }] },
    });
    expect(res.body.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect(await returnRows(order.id)).toHaveLength(0);
    const list = await gql(analyst, `{ returns(first: 5) { nodes { id } } }`);
    expect(Array.isArray(list.returns.nodes)).toBe(true);
  });

  it('lists returns by status, order number and to_settle', async () => {
    const order = await paidShippedOrder(2);
    const created = (
      await gql(owner, CREATE, {
        input: {
          orderId: order.id,
          lines: [{ orderLineId: order.lineId, quantity: 2, reason: 'WRONG_ITEM' }],
        },
      })
    ).returnCreate.return;
    await gql(owner, RECEIVE, {
      id: created.id,
      lines: [{ returnLineId: created.lines[0].id, quantity: 1, disposition: 'RESTOCK' }],
    });
    const number = order.name.replace(/^\D+/, '');
    const find = async (query: string) =>
      (
        await gql(
          owner,
          `query($q: String) { returns(first: 50, query: $q) { nodes { id } userErrors { message } } }`,
          {
            q: query,
          },
        )
      ).returns;
    expect((await find(`order:${number}`)).nodes).toEqual([{ id: created.id }]);
    expect(
      (await find(`order:${number} status:PARTIALLY_RECEIVED to_settle:true reason:WRONG_ITEM`)).nodes,
    ).toEqual([{ id: created.id }]);
    expect((await find(`order:${number} status:REQUESTED`)).nodes).toEqual([]);
    expect((await find(`order:${number} reason:DEFECTIVE`)).nodes).toEqual([]);
    expect((await find(`${order.name}-R1`)).nodes).toEqual([{ id: created.id }]);
    expect((await find('status:LOST')).userErrors[0].message).toMatch(/status/);
  });
});
