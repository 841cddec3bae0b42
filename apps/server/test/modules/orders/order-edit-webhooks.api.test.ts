import { afterAll, describe, expect, it } from 'vitest';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';
import { CREATE as SUBSCRIBE, WebhookReceiver } from '../../support/webhook-receiver.js';
import { edit } from '../../support/order-edit-fixtures.js';

/** Issue #32: an edit's `order.edited` outbox event reaches ORDERS_UPDATED subscribers with the order as edited. */
describe.each(DATABASES)('order edit webhooks on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false, webhookAllowHosts: ['127.0.0.1'] } });
  const receiver = new WebhookReceiver();
  let owner: Client;
  let lamp: string;
  afterAll(() => receiver.close());

  it('delivers an edit on ORDERS_UPDATED, as the order is after it', async () => {
    ({ owner, lamp } = await setUpActionStore(ctx.server, 20));
    const base = await receiver.start();
    for (const topic of ['ORDERS_UPDATED', 'ORDERS_PAID']) {
      const made = (await gql(owner, SUBSCRIBE, { input: { topic, url: `${base}/${topic}` } }))
        .webhookSubscriptionCreate;
      expect(made.userErrors).toEqual([]);
    }
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 1 }]);
    const done = await edit(owner, order, {
      setQuantities: [{ orderLineId: order.lines[0].id, quantity: 3 }],
    });
    expect(done.userErrors).toEqual([]);
    await ctx.server.app.relay.drain();
    await ctx.server.app.webhooks.sender.drain();
    const [got] = await receiver.waitFor(1);
    expect(got!.headers['x-stockroom-topic']).toBe('ORDERS_UPDATED');
    expect(got!.body).toMatchObject({ id: order.id, total: done.order.total });
    const event = await ctx.server.app.database.db
      .selectFrom('domain_events')
      .select(['id', 'type'])
      .where('subject_id', '=', decodeIdOf('Order', order.id)!)
      .where('type', '=', 'order.edited')
      .executeTakeFirstOrThrow();
    expect(got!.headers['x-stockroom-event-id']).toBe(event.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
  });
});
