import { decodeIdOf } from '@stockroom/domain';
import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';
import { CANCEL, CREATE, paidShippedOrder as ownedOrder, RECEIVE } from '../../support/return-fixtures.js';

/** Issue #31: what a return refuses (in words, changing nothing), who may take one, and the list's search. */
describe.each(DATABASES)('return rules on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;
  const db = () => ctx.server.app.database.db;
  const paidShippedOrder = (quantity: number) => ownedOrder(owner, lamp, quantity);
  const returnRows = async (orderId: string) =>
    db().selectFrom('returns').selectAll().where('order_id', '=', decodeIdOf('Order', orderId)!).execute();

  it('sets up', async () => {
    ({ owner, lamp } = await setUpActionStore(ctx.server, 50));
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
