import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createOrder, gql, setUpActionStore } from '../../support/order-fixtures.js';
import { bearer, CREATE, DELIVERIES, TEST, TOKEN, WebhookReceiver } from '../../support/webhook-receiver.js';
import { outboundPost } from '../../../src/lib/outbound-post.js';

const LIST = `query { webhookSubscriptions(first: 100) { nodes { id url owner { type name } } count { value } } }`;

const messages = (res: any) => res.webhookSubscriptionCreate.userErrors.map((e: any) => e.message).join(' ');

describe.each(DATABASES)('webhook rules ($name)', ({ postgresUrl }) => {
  describe('without the allow list', () => {
    const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

    it('refuses private, loopback, link-local and metadata addresses, and a name that resolves to loopback', async () => {
      const owner = await signedIn(ctx.server);
      for (const [url, address] of [
        ['http://10.0.0.1/hook', '10.0.0.1'],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
        ['http://[::1]:8080/hook', '::1'],
        ['http://127.0.0.1:9/hook', '127.0.0.1'],
        ['http://localhost:9/hook', ''],
      ] as const) {
        const res = await gql(owner, CREATE, { input: { topic: 'ORDERS_CREATE', url } });
        expect(res.webhookSubscriptionCreate.webhookSubscription).toBeNull();
        expect(res.webhookSubscriptionCreate.userErrors[0]).toMatchObject({
          field: ['input', 'url'],
          code: 'INVALID',
        });
        expect(messages(res)).toMatch(/private, local or reserved address/);
        if (address) expect(messages(res)).toContain(`(${address})`);
      }
      // The sender checks again, at the time it sends (a name may resolve elsewhere by then).
      const refused = await outboundPost(
        'http://localhost:9/x',
        '{}',
        {},
        {
          allow: [],
          allowHttp: true,
          timeoutMs: 2_000,
          excerptBytes: 1024,
          why: 'test',
        },
      );
      expect(refused).toMatchObject({
        status: null,
        error: expect.stringMatching(/private, local or reserved/),
      });
      expect((await gql(owner, LIST)).webhookSubscriptions.count.value).toBe(0);
    });

    it('refuses plain http where the server does not allow it', async () => {
      const prev = ctx.server.app.services.webhooks.post.allowHttp;
      (ctx.server.app.services.webhooks.post as { allowHttp: boolean }).allowHttp = false;
      try {
        const owner = await signedIn(ctx.server);
        const res = await gql(owner, CREATE, {
          input: { topic: 'ORDERS_CREATE', url: 'http://93.184.215.14/hook' },
        });
        expect(messages(res)).toMatch(/Use an https address/);
      } finally {
        (ctx.server.app.services.webhooks.post as { allowHttp: boolean }).allowHttp = prev;
      }
    });
  });

  describe('with 127.0.0.1 allowed', () => {
    const ctx = useServer({ postgresUrl, config: { rateLimit: false, webhookAllowHosts: ['127.0.0.1'] } });
    const receiver = new WebhookReceiver();
    afterAll(() => receiver.close());

    it('bad input and the 51st subscription are userErrors that change nothing', async () => {
      const owner = await signedIn(ctx.server);
      const base = await receiver.start();
      const bad = async (input: Record<string, unknown>) =>
        (await gql(owner, CREATE, { input })).webhookSubscriptionCreate;
      expect((await bad({ topic: 'ORDERS_EXPLODED', url: `${base}/x` })).userErrors).toEqual([
        expect.objectContaining({
          field: ['input', 'topic'],
          code: 'INVALID',
          message: expect.stringMatching(/is no topic/),
        }),
      ]);
      expect((await bad({ topic: 'ORDERS_CREATE', url: 'not a url' })).userErrors[0]).toMatchObject({
        field: ['input', 'url'],
        message: expect.stringMatching(/not a web address/),
      });
      expect((await bad({ topic: 'ORDERS_CREATE', url: 'ftp://127.0.0.1/x' })).userErrors[0].message).toMatch(
        /not ftp/,
      );
      expect(
        (await bad({ topic: 'ORDERS_CREATE', url: `http://me:pw@127.0.0.1/x` })).userErrors[0].message,
      ).toMatch(/user name and password/);
      expect(
        (await bad({ topic: 'ORDERS_CREATE', url: `${base}/${'x'.repeat(2100)}` })).userErrors[0].code,
      ).toBe('TOO_LONG');
      expect(
        (await bad({ topic: 'ORDERS_CREATE', url: `${base}/x`, includeFields: ['total', 'secretSauce'] }))
          .userErrors[0],
      ).toMatchObject({
        field: ['input', 'includeFields'],
        message: expect.stringMatching(/"secretSauce" is not a field/),
      });
      expect((await bad({ topic: '', url: '' })).userErrors.map((e: any) => e.code)).toEqual([
        'REQUIRED',
        'REQUIRED',
      ]);
      expect((await gql(owner, LIST)).webhookSubscriptions.count.value).toBe(0);

      for (let i = 0; i < 50; i++)
        expect((await bad({ topic: 'PRODUCTS_UPDATE', url: `${base}/n${i}` })).userErrors).toEqual([]);
      const over = await bad({ topic: 'PRODUCTS_UPDATE', url: `${base}/n51` });
      expect(over.userErrors).toEqual([
        expect.objectContaining({
          code: 'LIMIT_EXCEEDED',
          message: expect.stringMatching(/at most 50 webhook subscriptions/),
        }),
      ]);
      expect((await gql(owner, LIST)).webhookSubscriptions.count.value).toBe(50);
      const search = await owner.request(
        `query { webhookSubscriptions(query: "colour:red") { nodes { id } userErrors { message } } }`,
      );
      expect(search.body.data?.webhookSubscriptions.userErrors[0].message).toMatch(/colour/);
      const ids = (await gql(owner, LIST)).webhookSubscriptions.nodes.map((n: any) => n.id);
      for (const id of ids)
        await gql(owner, `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId } }`, { id });
    });

    it('staff need WEBHOOKS_MANAGE; a token owns its own subscriptions and its payloads carry only what it may read', async () => {
      const store = await setUpActionStore(ctx.server, 5);
      const base = await receiver.start();
      const token = async (permissions: string[]) =>
        (await gql(store.owner, TOKEN, { input: { name: `ERP ${permissions.length}`, permissions } }))
          .apiTokenCreate;
      const erpToken = await token(['ORDERS_READ']);
      const erp = bearer(ctx.server.url, erpToken.token);
      const crm = bearer(
        ctx.server.url,
        (await token(['ORDERS_READ', 'CUSTOMERS_READ', 'CATALOG_READ'])).token,
      );

      const erpSub = (await gql(erp, CREATE, { input: { topic: 'ORDERS_CREATE', url: `${base}/erp` } }))
        .webhookSubscriptionCreate;
      expect(erpSub.userErrors).toEqual([]);
      expect(erpSub.webhookSubscription.owner).toEqual({ type: 'API_TOKEN', name: 'ERP 1' });
      const crmSub = (await gql(crm, CREATE, { input: { topic: 'ORDERS_CREATE', url: `${base}/crm` } }))
        .webhookSubscriptionCreate;
      const staffSub = (
        await gql(store.owner, CREATE, { input: { topic: 'ORDERS_CREATE', url: `${base}/staff` } })
      ).webhookSubscriptionCreate;
      // The topic needs what the owner can read.
      const noCatalog = (await gql(erp, CREATE, { input: { topic: 'PRODUCTS_UPDATE', url: `${base}/p` } }))
        .webhookSubscriptionCreate;
      expect(noCatalog.userErrors[0]).toMatchObject({
        field: ['input', 'topic'],
        message: expect.stringMatching(/CATALOG_READ/),
      });

      // Each token sees its own; staff with WEBHOOKS_MANAGE see all; others are refused.
      expect((await gql(erp, LIST)).webhookSubscriptions.nodes.map((n: any) => n.id)).toEqual([
        erpSub.webhookSubscription.id,
      ]);
      expect((await gql(store.owner, LIST)).webhookSubscriptions.count.value).toBe(3);
      const notYours = (await gql(erp, DELIVERIES, { id: crmSub.webhookSubscription.id })).webhookDeliveries;
      expect(notYours.userErrors[0].message).toMatch(/does not exist/);
      const stranger = (await gql(erp, TEST, { id: staffSub.webhookSubscription.id }))
        .webhookSubscriptionTest;
      expect(stranger.userErrors[0].message).toMatch(/does not exist/);
      const packer = await store.packer.request(LIST);
      expect(packer.body.errors?.[0]).toMatchObject({
        extensions: { code: 'FORBIDDEN', permission: 'WEBHOOKS_MANAGE' },
      });

      await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }]);
      await ctx.server.app.relay.drain();
      await ctx.server.app.webhooks.sender.drain();
      const got = await receiver.waitFor(3);
      const at = (path: string) => got.find((r) => r.path === path)!.body;
      const erpBody = at('/erp');
      const full = [at('/crm'), at('/staff')];
      expect(full).toHaveLength(2);
      for (const body of full) {
        expect(body.email).toBe('buyer@example.com');
        expect(body.shippingAddress.city).toBe('Columbus');
      }
      expect(erpBody.id).toMatch(/^ord_/);
      expect(erpBody.lines[0].sku).toBe('ACT-LAMP');
      for (const field of ['email', 'phone', 'customerName', 'customer', 'shippingAddress', 'billingAddress'])
        expect(erpBody).not.toHaveProperty(field);
      expect(erpBody.lines[0]).not.toHaveProperty('variant');
      expect(JSON.stringify(erpBody)).not.toContain('buyer@example.com');
      expect(JSON.stringify(erpBody)).not.toContain('Lovelace');

      // A delivery (with its attempts) opens for its subscription's owner only.
      const NODE = `query($id: ID!) { node(id: $id) { ... on WebhookDelivery { id attempts { statusCode } } } }`;
      const [crmDelivery] = (await gql(crm, DELIVERIES, { id: crmSub.webhookSubscription.id }))
        .webhookDeliveries.nodes;
      expect((await gql(crm, NODE, { id: crmDelivery.id })).node).toEqual({
        id: crmDelivery.id,
        attempts: [{ statusCode: 200 }],
      });
      expect((await gql(erp, NODE, { id: crmDelivery.id })).node).toBeNull();

      // A revoked token's subscription pauses at its next event, saying why.
      await gql(store.owner, `mutation($id: ID!) { apiTokenRevoke(id: $id) { userErrors { message } } }`, {
        id: erpToken.apiToken.id,
      });
      await createOrder(store.owner, [{ variantId: store.lamp, quantity: 1 }]);
      await ctx.server.app.relay.drain();
      await ctx.server.app.webhooks.sender.drain();
      await receiver.waitFor(5);
      const paused = (
        await gql(
          store.owner,
          `query { webhookSubscriptions(query: "status:paused") { nodes { id pausedReason } } }`,
        )
      ).webhookSubscriptions.nodes;
      expect(paused).toEqual([
        {
          id: erpSub.webhookSubscription.id,
          pausedReason: expect.stringMatching(/API token ERP 1 that owns this webhook was revoked/),
        },
      ]);
      expect(got.filter((r) => r.path === '/erp')).toHaveLength(1);
    });
  });
});
