import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeOrderTotals,
  decodeIdOf,
  formatMinor,
  fulfillmentStatus,
  paymentStatus,
  paymentSums,
} from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, createVariant, gql } from '../../support/order-fixtures.js';
import type { TestServer } from '../../../src/testing.js';

const CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { order { id } userErrors { field code message } } }`;
const CAPTURE = `mutation($id: ID!, $amount: String) { orderCapture(id: $id, amount: $amount) { userErrors { code } } }`;
const MARK_PAID = `mutation($id: ID!) { orderMarkAsPaid(id: $id) { userErrors { code } } }`;
const VOID = `mutation($id: ID!) { orderVoid(id: $id) { userErrors { code } } }`;

const PLACES = {
  US: { rate: '8.875', region: 'NY' },
  DE: { rate: '19', region: null },
  FR: { rate: '5.5', region: null },
} as const;
const STOCK = 100_000;

const address = (countryCode: string) => ({
  firstName: 'Prop',
  lastName: 'Erty',
  line1: '1 Random Road',
  city: 'Anywhere',
  region: countryCode === 'US' ? 'NY' : null,
  postalCode: '10001',
  countryCode,
});

const orderArb = (variants: number, rates: number) =>
  fc.record({
    lines: fc.uniqueArray(
      fc.record({ v: fc.nat({ max: variants - 1 }), q: fc.integer({ min: 1, max: 7 }) }),
      {
        minLength: 1,
        maxLength: 6,
        selector: (l) => l.v,
      },
    ),
    country: fc.constantFrom<keyof typeof PLACES | null>('US', 'DE', 'FR', null),
    rate: fc.nat({ max: rates - 1 }),
    pricesIncludeTax: fc.boolean(),
    customer: fc.nat({ max: 3 }),
    payment: fc.constantFrom(null, 'SALE', 'AUTHORIZATION'),
    // Payment steps after placing; refused ones (capturing a SALE, say) must change nothing.
    steps: fc.array(
      fc.oneof(
        fc.constant({ kind: 'markPaid' }),
        fc.constant({ kind: 'void' }),
        fc.record({ kind: fc.constant('capture'), cents: fc.integer({ min: 1, max: 40_000 }) }),
      ),
      { maxLength: 3 },
    ),
  });

/** Every order checked against what its own rows imply, by the domain rules, with no stored figure trusted. */
async function checkInvariants(server: TestServer, variantIds: string[], emails: string[]) {
  const db = server.app.database.db;
  const orders = await db.selectFrom('orders').selectAll().execute();
  const lines = await db.selectFrom('order_lines').selectAll().orderBy('position').execute();
  const txns = await db.selectFrom('order_transactions').selectAll().orderBy('created_at').execute();
  const taxRates = await db.selectFrom('tax_rates').selectAll().execute();
  for (const o of orders) {
    const own = lines.filter((l) => l.order_id === o.id);
    const paid = txns.filter((t) => t.order_id === o.id);
    const place = o.shipping_address?.countryCode ?? null;
    const rate = taxRates.find((r) => r.country_code.trim() === place && (!r.region || r.region === 'NY'));
    const again = computeOrderTotals({
      currencyCode: 'USD',
      lines: own.map((l) => ({ unitPrice: l.unit_price, quantity: l.quantity })),
      shippingPrice: o.shipping_price,
      taxRate: rate ? String(rate.rate) : null,
      pricesIncludeTax: o.prices_include_tax,
    });
    expect([o.subtotal, o.tax_total, o.shipping_total, o.discount_total, o.total]).toEqual([
      again.subtotal,
      again.taxTotal,
      again.shippingTotal,
      again.discountTotal,
      again.total,
    ]);
    expect(own.map((l) => l.tax)).toEqual(again.lines.map((l) => l.tax));
    expect(o.items_count).toBe(own.reduce((n, l) => n + l.quantity, 0));
    const sums = paymentSums(paid);
    expect([o.total_paid, o.total_refunded]).toEqual([sums.captured, sums.refunded]);
    expect(o.payment_status).toBe(paymentStatus({ ...sums, total: o.total }));
    const shipped = own.map((l) => ({
      quantity: l.quantity,
      fulfilledQuantity: l.fulfilled_quantity,
      refundedQuantity: l.refunded_quantity,
    }));
    expect(o.fulfillment_status).toBe(fulfillmentStatus(shipped));
    // Never more captured than authorized or sold.
    expect(sums.captured).toBeLessThanOrEqual(
      Math.max(
        o.total,
        sums.authorized + paid.filter((t) => t.kind === 'SALE').reduce((a, t) => a + t.amount, 0),
      ),
    );
  }
  // The customers' figures are the sums of their orders: nothing drifts.
  const customers = await db.selectFrom('customers').selectAll().where('email', 'in', emails).execute();
  for (const c of customers) {
    const theirs = orders.filter((o) => o.customer_id === c.id);
    expect([c.orders_count, c.total_spent]).toEqual([theirs.length, theirs.reduce((a, o) => a + o.total, 0)]);
  }
  // Committed stock is exactly what open orders still have to ship.
  const levels = await db.selectFrom('inventory_levels').selectAll().execute();
  for (const variantId of variantIds.map((v) => decodeIdOf('ProductVariant', v)!)) {
    const committed = levels.filter((l) => l.variant_id === variantId).reduce((a, l) => a + l.committed, 0);
    const owed = lines
      .filter((l) => l.variant_id === variantId && orders.find((o) => o.id === l.order_id)?.status === 'OPEN')
      .reduce((a, l) => a + l.quantity - l.fulfilled_quantity - l.refunded_quantity, 0);
    expect(committed).toBe(owed);
    expect(levels.filter((l) => l.variant_id === variantId).reduce((a, l) => a + l.on_hand, 0)).toBe(STOCK);
  }
}

describe.each(DATABASES)('orders placed at random on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });

  it('add up, never drift, and carry the statuses their transactions and lines imply', async () => {
    const owner: Client = await signedIn(ctx.server);
    const main = await createLocation(owner, 'Main warehouse');
    const prices = ['0.01', '0.99', '3.33', '19.99', '123.45', '999.99'];
    const variants: string[] = [];
    for (const [i, price] of prices.entries()) {
      variants.push(await createVariant(owner, { sku: `P-${i}`, price, stock: { [main]: STOCK } }));
    }
    for (const [country, { rate, region }] of Object.entries(PLACES)) {
      const zone = await gql(
        owner,
        `mutation($n: String, $c: [String!]) { shippingZoneCreate(input: { name: $n, countries: $c }) { zone { id } } }`,
        { n: country, c: [country] },
      );
      for (const price of ['0.00', '4.99', '12.50']) {
        await gql(
          owner,
          `mutation($z: ID!, $p: String) { shippingRateCreate(zoneId: $z, input: { name: $p, price: $p }) { userErrors { message } } }`,
          { z: zone.shippingZoneCreate.zone.id, p: price },
        );
      }
      await gql(
        owner,
        `mutation($c: String, $r: String, $g: String) { taxRateCreate(input: { countryCode: $c, rate: $r, region: $g, name: "Tax" }) { userErrors { message } } }`,
        { c: country, r: rate, g: region },
      );
    }
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    const ratesFor = async (country: string) =>
      (
        await gql(
          owner,
          `query($c: String!) { shippingRatesFor(countryCode: $c, subtotal: "0") { rate { id } } }`,
          { c: country },
        )
      ).shippingRatesFor.map((r: any) => r.rate.id);

    await fc.assert(
      fc.asyncProperty(orderArb(variants.length, 3), async (o) => {
        await gql(
          owner,
          `mutation($t: Boolean) { shopUpdate(input: { pricesIncludeTax: $t }) { userErrors { message } } }`,
          { t: o.pricesIncludeTax },
        );
        const rates = o.country ? await ratesFor(o.country) : [];
        const placed = await gql(owner, CREATE, {
          input: {
            lines: o.lines.map((l) => ({ variantId: variants[l.v], quantity: l.q })),
            email: o.customer < emails.length ? emails[o.customer] : null,
            shippingAddress: o.country ? address(o.country) : null,
            shippingRateId: o.country ? rates[o.rate % rates.length] : null,
            payment: o.payment ? { kind: o.payment } : null,
          },
        });
        expect(placed.orderCreate.userErrors).toEqual([]);
        const id = placed.orderCreate.order.id;
        for (const step of o.steps) {
          if (step.kind === 'markPaid') await gql(owner, MARK_PAID, { id });
          else if (step.kind === 'void') await gql(owner, VOID, { id });
          else
            await gql(owner, CAPTURE, { id, amount: formatMinor((step as { cents: number }).cents, 'USD') });
        }
        await checkInvariants(ctx.server, variants, emails);
      }),
      { numRuns: postgresUrl ? 40 : 25 },
    );
  }, 120_000);
});
