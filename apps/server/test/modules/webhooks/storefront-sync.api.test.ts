import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createLocation, createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { fulfillAll, refundOk } from '../../support/refund-fixtures.js';
// The repository's example storefront, run as it is shipped (examples/storefront-sync.mjs).
import { startStorefront } from '../../../../../examples/storefront-sync.mjs';

const TOKEN = `mutation($input: ApiTokenInput!) { apiTokenCreate(input: $input) { token userErrors { message } } }`;
const ADJUST = `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`;
const LEVELS = `query($after: String) { inventoryLevels(first: 250, after: $after) {
  nodes { id available onHand } pageInfo { hasNextPage endCursor } } }`;

/**
 * Issue #30's "done when": a storefront subscribes with an API token, verifies every signature and
 * keeps its stock in sync through a run of orders, refunds and stock edits.
 */
describe.each(DATABASES)('the example storefront keeps its stock in sync ($name)', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false, webhookAllowHosts: ['127.0.0.1'] } });

  it('ends with the same available and on-hand figures as the store, every delivery signed', async () => {
    const owner = await signedIn(ctx.server);
    const shop = await createLocation(owner, 'Shop floor');
    const mug = await createVariant(owner, { sku: 'SYNC-MUG', price: '12.00', stock: { [shop]: 20 } });
    const cap = await createVariant(owner, { sku: 'SYNC-CAP', price: '20.00', stock: { [shop]: 8 } });
    const made = (await gql(owner, TOKEN, { input: { name: 'Storefront', permissions: ['CATALOG_READ'] } }))
      .apiTokenCreate;
    expect(made.userErrors).toEqual([]);

    const storefront = await startStorefront({
      api: ctx.server.url,
      token: made.token,
      publicUrl: (port) => `http://127.0.0.1:${port}/hooks`,
    });
    try {
      // The run: orders commit stock, a fulfilment ships it, a refund restocks, staff count and adjust.
      const first = await createOrder(owner, [
        { variantId: mug, quantity: 3 },
        { variantId: cap, quantity: 1 },
      ]);
      await createOrder(owner, [{ variantId: mug, quantity: 2 }]);
      await fulfillAll(owner, first.id);
      const lines = (
        await gql(owner, `query($id: ID!) { order(id: $id) { lines { id sku } } }`, { id: first.id })
      ).order.lines;
      const mugLine = lines.find((l: { sku: string }) => l.sku === 'SYNC-MUG').id;
      await refundOk(owner, { orderId: first.id, lines: [{ lineId: mugLine, quantity: 1, restock: true }] });
      const adjusted = await gql(owner, ADJUST, {
        input: { reason: 'CORRECTION', changes: [{ variantId: cap, locationId: shop, delta: -2 }] },
      });
      expect(adjusted.inventoryAdjust.userErrors).toEqual([]);

      // Everything committed is relayed and delivered; the storefront then matches the store.
      let levels: { id: string; available: number; onHand: number }[] = [];
      for (let i = 0; i < 50; i += 1) {
        await ctx.server.app.relay.drain();
        await ctx.server.app.webhooks.sender.drain();
        levels = [];
        for (let after: string | null = null; ;) {
          const page: any = (await gql(owner, LEVELS, { after })).inventoryLevels;
          levels.push(...page.nodes);
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor;
        }
        const mirrored = levels.every((l) => {
          const kept = storefront.stock.get(l.id);
          return kept?.available === l.available && kept.onHand === l.onHand;
        });
        if (mirrored) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const level of levels) {
        expect(storefront.stock.get(level.id), level.id).toMatchObject({
          available: level.available,
          onHand: level.onHand,
        });
      }
      // The figures themselves: mug 20 − 3 − 2 committed, 3 shipped, 1 back; cap 8 − 1, then −2.
      const bySku = Object.fromEntries([...storefront.stock.values()].map((l) => [l.sku, l]));
      expect(bySku['SYNC-MUG']).toMatchObject({ onHand: 18, available: 16 });
      expect(bySku['SYNC-CAP']).toMatchObject({ onHand: 5, available: 5 });
      expect(storefront.counts.delivered).toBeGreaterThan(0);
      expect(storefront.counts.rejected).toBe(0);
    } finally {
      await storefront.stop();
    }
    // Stopping deleted its subscription.
    const left = (await gql(owner, `{ webhookSubscriptions(first: 10) { nodes { id } } }`))
      .webhookSubscriptions;
    expect(left.nodes).toEqual([]);
  });
});
