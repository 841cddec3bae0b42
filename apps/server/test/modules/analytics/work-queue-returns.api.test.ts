import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { gql, setUpActionStore } from '../../support/order-fixtures.js';
import { CANCEL, CREATE, OPEN, paidShippedOrder, RECEIVE, SETTLE } from '../../support/return-fixtures.js';

const QUEUE = `{ analytics { workQueue {
  returnsToReceive { count { value precision } query }
  returnsToSettle { count { value precision } query }
} } }`;
const LISTED = `query($q: String) { returns(query: $q) { count { value } nodes { status } } }`;

/**
 * Issue #31, Home's work queue: returns to receive (awaiting their parcel or partly in) and returns
 * to settle (received, money not done), each counted by the very search the returns list runs.
 */
describe.each(DATABASES)("Home's work queue counts returns on $name", ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  let owner: Client;
  let lamp: string;

  const take = async (quantity: number) => {
    const order = await paidShippedOrder(owner, lamp, quantity);
    const created = (
      await gql(owner, CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity, reason: 'UNWANTED' }] },
      })
    ).returnCreate;
    expect(created.userErrors).toEqual([]);
    return created.return as { id: string; lines: { id: string }[] };
  };
  const receive = async (ret: { id: string; lines: { id: string }[] }, quantity: number) => {
    const done = await gql(owner, RECEIVE, {
      id: ret.id,
      lines: [{ returnLineId: ret.lines[0]!.id, quantity, disposition: 'RESTOCK' }],
    });
    expect(done.returnReceive.userErrors).toEqual([]);
  };

  it('counts returns awaited or partly received, and received ones not settled; the links list them', async () => {
    ({ owner, lamp } = await setUpActionStore(ctx.server, 50));
    const empty = (await gql(owner, QUEUE)).analytics.workQueue;
    expect(empty).toEqual({
      returnsToReceive: {
        count: { value: 0, precision: 'EXACT' },
        query: '(status:open OR status:partially_received)',
      },
      returnsToSettle: { count: { value: 0, precision: 'EXACT' }, query: 'to_settle:true' },
    });

    await take(1); // requested: nothing to receive yet
    const awaited = await take(1);
    expect((await gql(owner, OPEN, { id: awaited.id })).returnOpen.userErrors).toEqual([]);
    const partly = await take(2);
    await receive(partly, 1);
    const received = await take(1);
    await receive(received, 1);
    const settled = await take(1);
    await receive(settled, 1);
    expect((await gql(owner, SETTLE, { id: settled.id })).returnSettle.userErrors).toEqual([]);
    const cancelled = await take(1);
    expect((await gql(owner, CANCEL, { id: cancelled.id })).returnCancel.userErrors).toEqual([]);

    const queue = (await gql(owner, QUEUE)).analytics.workQueue;
    expect(queue.returnsToReceive.count).toEqual({ value: 2, precision: 'EXACT' });
    expect(queue.returnsToSettle.count).toEqual({ value: 2, precision: 'EXACT' });
    const toReceive = (await gql(owner, LISTED, { q: queue.returnsToReceive.query })).returns;
    expect(toReceive.count.value).toBe(2);
    expect(toReceive.nodes.map((n: { status: string }) => n.status).sort()).toEqual([
      'OPEN',
      'PARTIALLY_RECEIVED',
    ]);
    const toSettle = (await gql(owner, LISTED, { q: queue.returnsToSettle.query })).returns;
    expect(toSettle.count.value).toBe(2);
    expect(toSettle.nodes.map((n: { status: string }) => n.status).sort()).toEqual([
      'PARTIALLY_RECEIVED',
      'RECEIVED',
    ]);
  });

  it('leaves the returns out for someone who may not read orders', async () => {
    await ctx.server.createStaff({
      email: 'catalog@example.com',
      name: 'Cat Alog',
      password: 'catalog-shelf-paper-31',
      roleKeys: ['catalog-manager'],
    });
    const catalog = await signedIn(ctx.server, 'catalog@example.com', 'catalog-shelf-paper-31');
    expect((await gql(catalog, QUEUE)).analytics.workQueue).toEqual({
      returnsToReceive: null,
      returnsToSettle: null,
    });
  });
});
