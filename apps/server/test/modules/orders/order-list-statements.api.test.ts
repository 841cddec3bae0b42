import { describe, expect, it } from 'vitest';
import { ORDER_LIST } from '../../../../../bench/scenarios/orders.mjs';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { statementsOf } from '../../support/statements.js';
import { CANCEL, createLocation, createOrder, createVariant, gql } from '../../support/order-fixtures.js';
import { emailsSettled } from '../../support/email-fixtures.js';

// Issue #15: a page of the order list reads each row's lines and customer in its own statement
// (JSON columns computed for the page's rows), so the bench's document — 50 orders with lines,
// customer and totals — costs the page and its count. The document is the bench's own.

describe.each(DATABASES)('order list statements on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('reads the list with lines and customers in 2 statements, each row as it reads alone', async () => {
    const owner = await signedIn(ctx.server);
    const main = await createLocation(owner, 'Main');
    const mug = await createVariant(owner, { sku: 'MUG-1', price: '12.50', stock: { [main]: 100 } });
    const cap = await createVariant(owner, { sku: 'CAP-1', price: '9.99', stock: { [main]: 100 } });
    const emails = ['ada@example.com', 'grace@example.com', 'ada@example.com', 'linus@example.com'];
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const lines = [{ variantId: mug, quantity: 1 + i }];
      if (i % 2) lines.push({ variantId: cap, quantity: 2 });
      const order = await createOrder(owner, lines, { email: emails[i % emails.length] });
      made.push(order.id);
    }
    await gql(owner, CANCEL, { id: made[2] });
    await emailsSettled(owner);

    const send = (variables: Record<string, unknown>) => async () => {
      const res = await owner.request(ORDER_LIST, variables);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data;
    };
    const second = (await gql(owner, ORDER_LIST, { first: 3 })).orders.pageInfo.endCursor;
    for (const variables of [
      { first: 50 },
      { first: 3 },
      { first: 3, after: second },
      { query: 'status:open fulfillment_status:unfulfilled' },
      { query: 'ada' },
    ])
      expect(await statementsOf(ctx.server.app.database, send(variables)), JSON.stringify(variables)).toBe(2);

    // Every row as the order reads through `order(id)`, which primes nothing.
    const FIELDS = `id name total { amount currencyCode }
      lines { id productTitle variantTitle sku quantity unitPrice { amount } discount { amount } tax { amount }
        fulfilledQuantity refundedQuantity unfulfilledQuantity taxable custom originalUnitPrice { amount }
        priceOverrideReason location { id name } product { id } }
      customer { id displayName email ordersCount totalSpent { amount } state }`;
    const list = (await gql(owner, `{ orders(first: 10) { nodes { ${FIELDS} } } }`)).orders.nodes;
    expect(list.map((n: any) => n.id)).toEqual([...made].reverse());
    expect(list.some((n: any) => n.lines.length === 2)).toBe(true);
    expect(new Set(list.map((n: any) => n.customer.email)).size).toBe(3);
    for (const node of list) {
      const alone = await gql(owner, `query($id: ID!) { order(id: $id) { ${FIELDS} } }`, { id: node.id });
      expect(node).toEqual(alone.order);
    }
  });
});
