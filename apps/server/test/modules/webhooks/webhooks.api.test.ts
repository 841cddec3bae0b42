import { afterAll, describe, expect, it } from 'vitest';
import { decodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import {
  CREATE,
  DELIVERIES,
  RETRY,
  RETRY_FAILED,
  TEST,
  UPDATE,
  WebhookReceiver,
} from '../../support/webhook-receiver.js';
import { statementsOf } from '../../support/statements.js';
import { adjustableClock } from '../../../src/lib/clock.js';
import { eventsAfter } from '../../../src/modules/events/events.repository.js';
import { pruneDeliveries } from '../../../src/modules/webhooks/delivery.service.js';
// The README's snippet, run as it is documented.
import { verifyWebhook } from '../../../../../examples/verify-webhook.mjs';

const HOUR = 3_600_000;
const PRODUCT = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id } userErrors { message } } }`;
const RENAME = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { id } userErrors { message } } }`;

/** Issue #30: outgoing webhooks, delivered to a local receiver (allowed by STOCKROOM_WEBHOOK_ALLOW_HOSTS). */
describe.each(DATABASES)('webhook deliveries ($name)', ({ postgresUrl }) => {
  const clock = adjustableClock();
  const ctx = useServer({
    postgresUrl,
    clock,
    config: { rateLimit: false, webhookAllowHosts: ['127.0.0.1'] },
  });
  const receiver = new WebhookReceiver();
  let owner: Client;
  let base: string;
  afterAll(() => receiver.close());

  /** Lets the relay hand over what committed, and the sender send what is due now. */
  const settle = async () => {
    await ctx.server.app.relay.drain();
    await ctx.server.app.webhooks.sender.drain();
  };
  const subscribe = async (input: Record<string, unknown>) => {
    const made = (await gql(owner, CREATE, { input })).webhookSubscriptionCreate;
    expect(made.userErrors).toEqual([]);
    return made as { webhookSubscription: any; secret: string };
  };
  const product = async (title: string) =>
    (await gql(owner, PRODUCT, { input: { title } })).productCreate.product.id;

  it('POSTs the object as the API shows it, signed with the secret shown once (the README snippet verifies it)', async () => {
    owner = await signedIn(ctx.server);
    base = await receiver.start();
    const { webhookSubscription: sub, secret } = await subscribe({
      topic: 'PRODUCTS_UPDATE',
      url: `${base}/products`,
    });
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(sub).toMatchObject({ topic: 'PRODUCTS_UPDATE', topicLabel: 'Product updated', status: 'ACTIVE' });
    expect(sub.owner).toEqual({ type: 'STAFF', name: expect.any(String) });

    const id = await product('Linen shirt');
    await gql(owner, RENAME, { id, input: { title: 'Linen shirt, blue' } });
    await settle();
    const [got] = await receiver.waitFor(1);
    expect(receiver.received).toHaveLength(1); // the create went to no one: another topic
    expect(got!.headers['x-stockroom-topic']).toBe('PRODUCTS_UPDATE');
    expect(got!.headers['x-stockroom-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(String(got!.headers['x-stockroom-delivered-at'])).getTime()).not.toBeNaN();
    expect(got!.headers['content-type']).toBe('application/json');
    const signature = got!.headers['x-stockroom-hmac-sha256'];
    expect(verifyWebhook(got!.raw, signature, secret)).toBe(true);
    expect(verifyWebhook(got!.raw, signature, `${secret}x`)).toBe(false);
    expect(verifyWebhook(Buffer.from(`${got!.raw.toString()} `), signature, secret)).toBe(false);
    expect(got!.body).toMatchObject({ id, title: 'Linen shirt, blue', status: expect.any(String) });
    expect(got!.body.variants[0].id).toMatch(/^var_/);

    const list = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries;
    expect(list.nodes).toEqual([
      expect.objectContaining({
        status: 'SUCCEEDED',
        attemptCount: 1,
        statusCode: 200,
        responseExcerpt: 'answer 200',
      }),
    ]);
    expect(list.nodes[0].subjectId).toBe(id);

    // The secret is never answered again, unless rotated; then the new one signs.
    const same = (await gql(owner, UPDATE, { id: sub.id, input: { includeFields: ['title'] } }))
      .webhookSubscriptionUpdate;
    expect(same.secret).toBeNull();
    expect(same.webhookSubscription.includeFields).toEqual(['title']);
    const rotated = (await gql(owner, UPDATE, { id: sub.id, input: { rotateSecret: true } }))
      .webhookSubscriptionUpdate;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    await gql(owner, RENAME, { id, input: { title: 'Linen shirt, green' } });
    await settle();
    const [, second] = await receiver.waitFor(2);
    expect(verifyWebhook(second!.raw, second!.headers['x-stockroom-hmac-sha256'], rotated.secret)).toBe(true);
    // includeFields: the title, and the id that always comes.
    expect(second!.body).toEqual({ id, title: 'Linen shirt, green' });
    await gql(
      owner,
      `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId userErrors { message } } }`,
      {
        id: sub.id,
      },
    );
  });

  it('an event the relay offers again makes no second delivery (the event id dedupes)', async () => {
    receiver.received.length = 0;
    const { webhookSubscription: sub } = await subscribe({
      topic: 'PRODUCTS_CREATE',
      url: `${base}/created`,
    });
    const db = ctx.server.app.database.db;
    const before = Number(
      (await db.selectFrom('domain_events').select(db.fn.max('position').as('p')).executeTakeFirst())?.p ?? 0,
    );
    const id = await product('Wool scarf');
    await settle();
    await receiver.waitFor(1);
    // The relay hands the same events over again (as after a crash before its cursor moved).
    const events = await eventsAfter(db, before, 100);
    await ctx.server.app.webhooks.consumer.handle(events);
    await settle();
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body.id).toBe(id);
    const list = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries;
    expect(list.count.value).toBe(1);
    await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, {
      id: sub.id,
    });
  });

  it('a product’s 50 quick updates arrive in the order they committed, one at a time', async () => {
    receiver.received.length = 0;
    let inFlight = 0;
    let most = 0;
    // Answers slowly, in varying time: an out-of-order sender would show here.
    receiver.answer = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, Math.random() * 15));
      inFlight--;
      return 200;
    };
    const { webhookSubscription: sub } = await subscribe({
      topic: 'PRODUCTS_UPDATE',
      url: `${base}/order`,
      includeFields: ['title', 'version'],
    });
    const id = await product('Counter 0');
    for (let i = 1; i <= 50; i++) await gql(owner, RENAME, { id, input: { title: `Counter ${i}` } });
    const all = await receiver.waitFor(50, 60_000);
    await settle();
    const titles = all.map((r) => r.body.title as string);
    // Each delivery reads the product when its event is relayed: a later state may come early, but
    // the order never goes back, and the last delivery carries the last title.
    const numbers = titles.map((t) => Number(t.replace('Counter ', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(all.map((r) => r.body.version)).toEqual([...all.map((r) => r.body.version)].sort((a, b) => a - b));
    expect(numbers.at(-1)).toBe(50);
    expect(most).toBe(1);
    expect(new Set(all.map((r) => r.headers['x-stockroom-event-id'])).size).toBe(50);
    receiver.answer = () => 200;
    await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, {
      id: sub.id,
    });
  });

  it('a failure stops its subject’s queue: the deliveries behind it wait for its retry, then go in order on a kept connection', async () => {
    receiver.received.length = 0;
    receiver.connections = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first is answered late (the next five queue behind it), the third fails once.
    receiver.answer = async (n) => {
      if (n === 0) await held;
      return n === 2 ? 500 : 200;
    };
    const { webhookSubscription: sub } = await subscribe({
      topic: 'PRODUCTS_UPDATE',
      url: `${base}/queue`,
      includeFields: ['title'],
    });
    const id = await product('Queue 0');
    for (let i = 1; i <= 6; i++) {
      await gql(owner, RENAME, { id, input: { title: `Queue ${i}` } });
      if (i === 1) await receiver.waitFor(1);
    }
    await ctx.server.app.relay.drain();
    release();
    await ctx.server.app.webhooks.sender.drain();
    // Sent: the first, then the queue in one round until the failure; the rest wait, untried.
    expect(receiver.received).toHaveLength(3);
    const waiting = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries.nodes;
    expect(waiting.map((d: any) => [d.status, d.attemptCount])).toEqual([
      ['PENDING', 0],
      ['PENDING', 0],
      ['PENDING', 0],
      ['RETRYING', 1],
      ['SUCCEEDED', 1],
      ['SUCCEEDED', 1],
    ]);
    // The retry is due within 12.5 s; the ones behind it were given back (not leased for a minute).
    clock.advance(30_000);
    await settle();
    const all = await receiver.waitFor(7);
    const titles = all.map((r) => r.body.title as string);
    expect(titles.map((t) => Number(t.replace('Queue ', '')))).toEqual(
      [...titles.map((t) => Number(t.replace('Queue ', '')))].sort((a, b) => a - b),
    );
    const events = all.map((r) => r.headers['x-stockroom-event-id']);
    expect(events[3]).toBe(events[2]); // the failed one again, before those behind it
    expect(new Set(events).size).toBe(6);
    // Kept alive: a connection carries several deliveries.
    expect(receiver.connections).toBeLessThanOrEqual(3);
    await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, {
      id: sub.id,
    });
  });

  it('retries after a 500 with backoff, then succeeds; every attempt is logged', async () => {
    receiver.received.length = 0;
    receiver.answer = (n) => (n === 0 ? 500 : 200);
    const { webhookSubscription: sub } = await subscribe({ topic: 'PRODUCTS_CREATE', url: `${base}/flaky` });
    await product('Flaky lamp');
    await settle();
    await receiver.waitFor(1);
    let [d] = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries.nodes;
    expect(d).toMatchObject({ status: 'RETRYING', attemptCount: 1, statusCode: 500 });
    expect(d.error).toMatch(/HTTP 500/);
    const wait = new Date(d.nextAttemptAt).getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThan(5_000);
    expect(wait).toBeLessThan(15_000);
    const failing = (
      await gql(owner, `query { webhookSubscriptions(first: 5) { nodes { id failingSince } } }`)
    ).webhookSubscriptions.nodes;
    expect(failing.find((s: any) => s.id === sub.id).failingSince).not.toBeNull();
    clock.advance(60_000);
    await settle();
    await receiver.waitFor(2);
    [d] = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries.nodes;
    expect(d).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2, statusCode: 200, error: null });
    expect(receiver.received[1]!.headers['x-stockroom-event-id']).toBe(
      receiver.received[0]!.headers['x-stockroom-event-id'],
    );
    const attempts = await ctx.server.app.database.db
      .selectFrom('webhook_delivery_attempts')
      .select(['status_code'])
      .where(
        'delivery_id',
        '=',
        d.id.replace(/^whd_/, '').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
      )
      .orderBy('attempted_at')
      .execute();
    expect(attempts.map((a) => a.status_code)).toEqual([500, 200]);
    // The API shows every attempt, newest first, each with its answer.
    const { attempts: shown } = (
      await gql(
        owner,
        `query($id: ID!) { webhookDeliveries(subscriptionId: $id, first: 5) { nodes { attempts { at statusCode error latencyMs responseExcerpt } } } }`,
        { id: sub.id },
      )
    ).webhookDeliveries.nodes[0];
    expect(shown).toEqual([
      {
        at: expect.any(String),
        statusCode: 200,
        error: null,
        latencyMs: expect.any(Number),
        responseExcerpt: 'answer 200',
      },
      {
        at: expect.any(String),
        statusCode: 500,
        error: 'The receiver answered HTTP 500.',
        latencyMs: expect.any(Number),
        responseExcerpt: 'answer 500',
      },
    ]);
    expect(Date.parse(shown[0].at)).toBeGreaterThan(Date.parse(shown[1].at));
    receiver.answer = () => 200;
    await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, {
      id: sub.id,
    });
  });

  it('a page of deliveries reads every attempt in one statement, however many deliveries it has', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 500;
    const { webhookSubscription: sub } = await subscribe({ topic: 'PRODUCTS_CREATE', url: `${base}/thrice` });
    for (const title of ['Cup', 'Bowl', 'Plate']) await product(title);
    await settle();
    await receiver.waitFor(3);
    clock.advance(60_000);
    await settle();
    await receiver.waitFor(6);
    receiver.answer = () => 200;
    clock.advance(60_000);
    await settle();
    await receiver.waitFor(9);
    const page = (first: number) =>
      gql(
        owner,
        `query($id: ID!, $first: Int) { webhookDeliveries(subscriptionId: $id, first: $first) { nodes { id attemptCount attempts { statusCode } } } }`,
        { id: sub.id, first },
      );
    const nodes = (await page(3)).webhookDeliveries.nodes;
    expect(nodes).toHaveLength(3);
    for (const n of nodes) {
      expect(n.attemptCount).toBe(3);
      expect(n.attempts.map((a: any) => a.statusCode)).toEqual([200, 500, 500]);
    }
    // One delivery on its own (the admin opens a row's attempts with it).
    const single = (
      await gql(
        owner,
        `query($id: ID!) { node(id: $id) { ... on WebhookDelivery { id attempts { statusCode responseExcerpt } } } }`,
        { id: nodes[0].id },
      )
    ).node;
    expect(single.attempts).toEqual([
      { statusCode: 200, responseExcerpt: 'answer 200' },
      { statusCode: 500, responseExcerpt: 'answer 500' },
      { statusCode: 500, responseExcerpt: 'answer 500' },
    ]);
    const database = ctx.server.app.database;
    const one = await statementsOf(database, () => page(1));
    expect(await statementsOf(database, () => page(3))).toBe(one);
    await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, {
      id: sub.id,
    });
  });

  it('after 48 hours of failures the delivery is FAILED and the subscription PAUSED with the reason; resume and replay', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 503;
    const { webhookSubscription: sub } = await subscribe({ topic: 'PRODUCTS_CREATE', url: `${base}/down` });
    await product('Unlucky vase');
    await settle();
    await receiver.waitFor(1);
    clock.advance(47 * HOUR);
    await settle();
    await receiver.waitFor(2);
    let [d] = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries.nodes;
    expect(d.status).toBe('RETRYING');
    clock.advance(2 * HOUR);
    await settle();
    await receiver.waitFor(3);
    [d] = (await gql(owner, DELIVERIES, { id: sub.id, query: 'status:failed' })).webhookDeliveries.nodes;
    expect(d).toMatchObject({ status: 'FAILED', attemptCount: 3, statusCode: 503, nextAttemptAt: null });
    const paused = (
      await gql(
        owner,
        `query { webhookSubscriptions(query: "status:paused") { nodes { id status pausedReason } } }`,
      )
    ).webhookSubscriptions.nodes;
    expect(paused).toEqual([
      {
        id: sub.id,
        status: 'PAUSED',
        pausedReason: expect.stringMatching(/failed for 48 hours \(last: HTTP 503\)/),
      },
    ]);
    // The pause is in the audit log, by the system, with the reason (written with the pause).
    const logged = (
      await gql(
        owner,
        `query($id: ID!) { auditEvents(subjectId: $id, first: 5) { nodes { action actorType actorName changes { field before after } } } }`,
        { id: sub.id },
      )
    ).auditEvents.nodes;
    expect(logged[0]).toEqual({
      action: 'webhook_subscription.paused',
      actorType: 'system',
      actorName: null,
      changes: expect.arrayContaining([
        { field: 'status', before: '"ACTIVE"', after: '"PAUSED"' },
        { field: 'paused_reason', before: null, after: JSON.stringify(paused[0].pausedReason) },
      ]),
    });
    expect(logged.filter((e: any) => e.action === 'webhook_subscription.paused')).toHaveLength(1);
    // Paused: nothing new is made or sent, and a replay waits for the resume.
    await product('Ignored while paused');
    await settle();
    expect((await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries.count.value).toBe(1);
    const refused = (await gql(owner, RETRY_FAILED, { id: sub.id })).webhookDeliveriesRetryFailed;
    expect(refused.userErrors).toEqual([expect.objectContaining({ code: 'INVALID_TRANSITION' })]);
    receiver.answer = () => 200;
    const resumed = (await gql(owner, UPDATE, { id: sub.id, input: { status: 'ACTIVE' } }))
      .webhookSubscriptionUpdate;
    expect(resumed.webhookSubscription).toMatchObject({
      status: 'ACTIVE',
      pausedReason: null,
      failingSince: null,
    });
    const resumedRow = await ctx.server.app.database.db
      .selectFrom('webhook_subscriptions')
      .select(['status', 'paused_reason', 'paused_at', 'failing_since'])
      .where('id', '=', decodeId(sub.id)!.uuid)
      .executeTakeFirstOrThrow();
    expect(resumedRow).toEqual({
      status: 'ACTIVE',
      paused_reason: null,
      paused_at: null,
      failing_since: null,
    });
    const replay = (await gql(owner, RETRY_FAILED, { id: sub.id })).webhookDeliveriesRetryFailed;
    expect(replay).toMatchObject({ count: 1, userErrors: [] });
    await settle();
    await receiver.waitFor(4);
    [d] = (await gql(owner, DELIVERIES, { id: sub.id })).webhookDeliveries.nodes;
    expect(d).toMatchObject({ status: 'SUCCEEDED', attemptCount: 4 });
    // One delivery again on its own (a replay of a delivered one).
    const again = (await gql(owner, RETRY, { id: d.id })).webhookDeliveryRetry;
    expect(again).toMatchObject({ userErrors: [], delivery: { status: 'PENDING' } });
    await settle();
    await receiver.waitFor(5);
    await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, {
      id: sub.id,
    });
  });

  it('Test sends a sample of the topic now and answers the attempt; a deleted product sends its id', async () => {
    receiver.received.length = 0;
    const { webhookSubscription: sub, secret } = await subscribe({
      topic: 'PRODUCTS_DELETE',
      url: `${base}/deleted`,
    });
    const tested = (await gql(owner, TEST, { id: sub.id })).webhookSubscriptionTest;
    expect(tested.userErrors).toEqual([]);
    expect(tested.delivery).toMatchObject({
      test: true,
      status: 'SUCCEEDED',
      statusCode: 200,
      attemptCount: 1,
    });
    expect(tested.delivery.latencyMs).toBeGreaterThanOrEqual(0);
    const [sample] = await receiver.waitFor(1);
    expect(verifyWebhook(sample!.raw, sample!.headers['x-stockroom-hmac-sha256'], secret)).toBe(true);
    expect(sample!.body.id).toMatch(/^prod_/);
    const retried = (await gql(owner, RETRY, { id: tested.delivery.id })).webhookDeliveryRetry;
    expect(retried.userErrors).toEqual([expect.objectContaining({ field: ['id'] })]);

    const id = await product('Short-lived');
    await gql(owner, `mutation($id: ID!) { productDelete(id: $id) { userErrors { message } } }`, { id });
    await settle();
    const [, gone] = await receiver.waitFor(2);
    expect(gone!.headers['x-stockroom-topic']).toBe('PRODUCTS_DELETE');
    expect(gone!.body).toEqual({ id });
  });

  it('the hourly maintenance deletes finished deliveries older than 30 days, with their attempts', async () => {
    const db = ctx.server.app.database.db;
    const count = async (table: 'webhook_deliveries' | 'webhook_delivery_attempts') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const [deliveries, attempts] = [
      await count('webhook_deliveries'),
      await count('webhook_delivery_attempts'),
    ];
    expect(deliveries).toBeGreaterThan(1);
    const old = await db
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(Date.now() - 31 * 24 * HOUR) })
      .where('test', '=', true)
      .executeTakeFirst();
    expect(await pruneDeliveries(db, new Date())).toBe(Number(old.numUpdatedRows));
    expect(await count('webhook_deliveries')).toBe(deliveries - Number(old.numUpdatedRows));
    expect(await count('webhook_delivery_attempts')).toBeLessThan(attempts);
    expect(await pruneDeliveries(db, new Date())).toBe(0);
  });
});
