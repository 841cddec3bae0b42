import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, useServer } from '../../helpers.js';
import { createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';
import { CREATE, paidShippedOrder } from '../../support/return-fixtures.js';
import { subscribe, type SseStream } from '../../support/sse-client.js';

const STORE_CHANGED = `subscription { storeChanged { type subjectType subjectId } }`;

/** Issue #31: Home counts returns, so `storeChanged` tells of them (with ORDERS_READ). */
describe.each(DATABASES)('storeChanged tells of returns ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });
  const open: SseStream[] = [];
  afterAll(() => {
    for (const s of open) s.close();
  });

  it('streams return.created for a new return, naming the return', async () => {
    const { owner, lamp } = await setUpActionStore(ctx.server, 20);
    const order = await paidShippedOrder(owner, lamp, 1);
    const stream = await subscribe(ctx.server.url, STORE_CHANGED, {}, { cookie: owner.cookie });
    open.push(stream);
    expect(stream.status).toBe(200);
    // Listening once an event is heard (a stream starts a moment after its response begins).
    for (;;) {
      await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
      if (await stream.next(1_000).catch(() => null)) break;
    }
    const made = (
      await gql(owner, CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: order.lineId, quantity: 1, reason: 'UNWANTED' }] },
      })
    ).returnCreate;
    expect(made.userErrors).toEqual([]);
    for (;;) {
      const change = (await stream.next(5_000)).data?.data?.storeChanged;
      if (change?.type !== 'return.created') continue;
      expect(change).toEqual({ type: 'return.created', subjectType: 'Return', subjectId: made.return.id });
      break;
    }
  });
});
