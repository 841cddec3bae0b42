import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, useServer, type Client } from '../../helpers.js';
import { createOrder, gql, MARK_PAID, setUpActionStore } from '../../support/order-fixtures.js';
import { fulfillAll } from '../../support/refund-fixtures.js';
import { CREATE as SUBSCRIBE, WebhookReceiver } from '../../support/webhook-receiver.js';

const CREATE = `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) {
  return { id name lines { id } } userErrors { message } } }`;
const RECEIVE = `mutation($id: ID!, $lines: [ReturnReceiveLineInput!]!) {
  returnReceive(id: $id, lines: $lines) { return { id } userErrors { message } } }`;

/** Issue #30's return topics (issue #31): a return's steps reach subscribers as the API shows the return. */
describe.each(DATABASES)('return webhooks on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false, webhookAllowHosts: ['127.0.0.1'] } });
  const receiver = new WebhookReceiver();
  let owner: Client;
  let lamp: string;
  afterAll(() => receiver.close());

  it('delivers RETURNS_CREATE and RETURNS_RECEIVE with the return, and nothing for topics not subscribed', async () => {
    ({ owner, lamp } = await setUpActionStore(ctx.server, 20));
    const base = await receiver.start();
    for (const topic of ['RETURNS_CREATE', 'RETURNS_RECEIVE']) {
      const made = (await gql(owner, SUBSCRIBE, { input: { topic, url: `${base}/${topic}` } }))
        .webhookSubscriptionCreate;
      expect(made.userErrors).toEqual([]);
    }
    const order = await createOrder(owner, [{ variantId: lamp, quantity: 2 }]);
    await gql(owner, MARK_PAID, { id: order.id });
    await fulfillAll(owner, order.id);
    const lineId = (await gql(owner, `query($id: ID!) { order(id: $id) { lines { id } } }`, { id: order.id }))
      .order.lines[0].id;
    const ret = (
      await gql(owner, CREATE, {
        input: { orderId: order.id, lines: [{ orderLineId: lineId, quantity: 2, reason: 'SIZE_TOO_LARGE' }] },
      })
    ).returnCreate.return;
    const received = await gql(owner, RECEIVE, {
      id: ret.id,
      lines: [{ returnLineId: ret.lines[0].id, quantity: 1, disposition: 'DAMAGED' }],
    });
    expect(received.returnReceive.userErrors).toEqual([]);
    await ctx.server.app.relay.drain();
    await ctx.server.app.webhooks.sender.drain();
    const got = await receiver.waitFor(2);
    expect(got.map((r) => r.headers['x-stockroom-topic']).sort()).toEqual([
      'RETURNS_CREATE',
      'RETURNS_RECEIVE',
    ]);
    const byTopic = Object.fromEntries(got.map((r) => [r.headers['x-stockroom-topic'], r.body]));
    expect(byTopic['RETURNS_CREATE']).toMatchObject({
      id: ret.id,
      name: ret.name,
      order: { id: order.id },
      lines: [{ quantity: 2, reason: 'SIZE_TOO_LARGE', orderLine: { id: lineId } }],
    });
    // The payload is the return as it is when sent: after the receipt, both carry it.
    expect(byTopic['RETURNS_RECEIVE']).toMatchObject({
      id: ret.id,
      status: 'PARTIALLY_RECEIVED',
      receivedQuantity: 1,
      receipts: [{ quantity: 1, disposition: 'DAMAGED' }],
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(2);
  });
});
