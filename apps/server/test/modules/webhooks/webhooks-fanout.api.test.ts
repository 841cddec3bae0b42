import { afterAll, describe, expect, it } from 'vitest';
import { decodeId } from '@stockroom/domain';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import { bearer, CREATE, TOKEN, WebhookReceiver } from '../../support/webhook-receiver.js';
import { statementsOf } from '../../support/statements.js';
import { eventsAfter } from '../../../src/modules/events/events.repository.js';
import { ownerNow } from '../../../src/modules/webhooks/webhook-owner.js';
import { webhookConsumer } from '../../../src/modules/webhooks/webhook-consumer.js';
import type { OperationRunner } from '../../../src/modules/webhooks/webhook-payload.js';

const PRODUCT = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id } userErrors { message } } }`;

/**
 * Issue #30: the relay's fan-out costs the same statements however many subscriptions hear a
 * batch. A subject is read once for every owner holding the same permissions (whatever fields each
 * keeps), and the batch's deliveries are one INSERT.
 */
describe.each(DATABASES)('webhook fan-out ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false, webhookAllowHosts: ['127.0.0.1'] } });
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());

  it('reads each subject once per set of permissions and inserts a batch in one statement', async () => {
    const owner = await signedIn(ctx.server);
    const base = await receiver.start();
    const token = async (name: string) => {
      const made = (await gql(owner, TOKEN, { input: { name, permissions: ['CATALOG_READ'] } }))
        .apiTokenCreate;
      return { client: bearer(ctx.server.url, made.token), id: decodeId(made.apiToken.id)!.uuid };
    };
    const [shop, erp] = [await token('Shop'), await token('ERP')];
    const subscribe = async (client: typeof shop.client, path: string, includeFields?: string[]) => {
      const made = (
        await gql(client, CREATE, {
          input: { topic: 'PRODUCTS_CREATE', url: `${base}${path}`, includeFields },
        })
      ).webhookSubscriptionCreate;
      expect(made.userErrors).toEqual([]);
    };
    const { app } = ctx.server;
    const db = app.database.db;
    const settle = async () => {
      await app.relay.drain();
      await app.webhooks.sender.drain();
    };
    const before = Number(
      (await db.selectFrom('domain_events').select(db.fn.max('position').as('p')).executeTakeFirst())?.p ?? 0,
    );
    await subscribe(shop.client, '/shop');
    const ids: string[] = [];
    for (const title of ['Cup', 'Bowl', 'Plate'])
      ids.push((await gql(owner, PRODUCT, { input: { title } })).productCreate.product.id);
    await settle();
    await receiver.waitFor(3);
    const events = (await eventsAfter(db, before, 100)).filter((e) => e.type === 'product.created');
    expect(events).toHaveLength(3);
    // The batch offered again, to the app's consumer on the counted connection: every delivery
    // exists already, so these are the fan-out's own statements (subscriptions, owners, the insert)
    // and its payload reads, and nothing new is sent.
    let reads = 0;
    const run: OperationRunner = (...args) => {
      reads++;
      return app.webhooks.run(...args);
    };
    const consumer = webhookConsumer({
      db: app.database.db,
      run,
      clock: app.webhooks.clock,
      log: app.services.log,
      queued: () => app.webhooks.sender.wake(),
    });
    const handle = async () => {
      reads = 0;
      await consumer.handle(events);
      return reads;
    };
    const one = await statementsOf(app.database, handle);
    expect(await handle()).toBe(1);

    // Two more of the same owner, one keeping only the title: the same read, the same insert.
    await subscribe(shop.client, '/titles', ['title']);
    await subscribe(shop.client, '/shop-again');
    expect(await handle()).toBe(1);
    await settle();
    await receiver.waitFor(9);
    expect(await statementsOf(app.database, handle)).toBe(one);

    // Another owner with the same permissions: its owner check, and no read of its own.
    await subscribe(erp.client, '/erp');
    expect(await handle()).toBe(1);
    await settle();
    const got = await receiver.waitFor(12);
    const owned = () => ownerNow(db, { ownerStaffId: null, ownerTokenId: erp.id, topic: 'PRODUCTS_CREATE' });
    expect(await statementsOf(app.database, handle)).toBe(one + (await statementsOf(app.database, owned)));
    expect(one).toBeGreaterThan(0);

    // Each subscription got each product once, with the fields it keeps.
    for (const path of ['/shop', '/titles', '/shop-again', '/erp'])
      expect(
        got
          .filter((r) => r.path === path)
          .map((r) => r.body.id)
          .sort(),
      ).toEqual([...ids].sort());
    const raw = (path: string, id: string) =>
      got.find((r) => r.path === path && r.body.id === id)!.raw.toString();
    for (const [i, id] of ids.entries()) {
      expect(raw('/erp', id)).toBe(raw('/shop', id));
      expect(raw('/shop-again', id)).toBe(raw('/shop', id));
      expect(JSON.parse(raw('/titles', id))).toEqual({ id, title: ['Cup', 'Bowl', 'Plate'][i] });
      expect(JSON.parse(raw('/shop', id))).toMatchObject({ id, title: ['Cup', 'Bowl', 'Plate'][i] });
    }
  });
});
