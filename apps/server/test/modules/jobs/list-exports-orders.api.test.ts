import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { gql } from '../../support/order-fixtures.js';
import { createDiscount } from '../../support/discount-fixtures.js';
import { refundOk } from '../../support/refund-fixtures.js';
import { decimal, exported, minor } from './list-export-fixtures.js';

describe.each(DATABASES)('list exports of orders on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('exports orders one row per line, order money on the first row, with its discount and refund', async () => {
    const owner = await signedIn(ctx.server);
    const made = await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id sku } } userErrors { message } } }`,
      {
        input: {
          title: 'Tea Towel',
          handle: 'tea-towel',
          status: 'ACTIVE',
          options: [{ name: 'Pattern', values: ['Stripe', 'Check'] }],
          variants: [
            { sku: 'TT-STRIPE', optionValues: ['Stripe'], price: '12.50', trackInventory: false },
            { sku: 'TT-CHECK', optionValues: ['Check'], price: '8.00', trackInventory: false },
          ],
        },
      },
    );
    const [stripe, check] = made.productCreate.product.variants;
    // A half-hour zone: a date written in UTC (or the server's zone) would not match.
    const zone = await gql(
      owner,
      `mutation($input: ShopInput!) { shopUpdate(input: $input) { userErrors { message } } }`,
      { input: { timezone: 'Asia/Kolkata' } },
    );
    expect(zone.shopUpdate.userErrors).toEqual([]);
    await createDiscount(owner, { code: 'TENOFF', kind: 'FIXED_AMOUNT', value: '10.00' });
    const placed = await gql(
      owner,
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) {
        order { id name createdAt total { amount } taxTotal { amount } shippingTotal { amount } lines { id sku } }
        userErrors { message } } }`,
      {
        input: {
          lines: [
            { variantId: stripe.id, quantity: 2 },
            { variantId: check.id, quantity: 1 },
          ],
          email: 'grace@example.com',
          discountCode: 'TENOFF',
          payment: { kind: 'SALE' },
          tags: ['gift'],
          note: 'Leave at the door',
          shippingAddress: {
            firstName: 'Grace',
            lastName: 'Hopper',
            line1: '1 Harbor Rd',
            city: 'Arlington',
            postalCode: '22201',
            region: 'VA',
            countryCode: 'US',
          },
        },
      },
    );
    expect(placed.orderCreate.userErrors).toEqual([]);
    const order = placed.orderCreate.order;
    const checkLine = order.lines.find((l: any) => l.sku === 'TT-CHECK');
    const refund = await refundOk(owner, {
      orderId: order.id,
      lines: [{ lineId: checkLine.id, quantity: 1 }],
      amount: '3.00',
    });
    expect(refund.refund.amount.amount).toBe('3.00');

    const out = await exported(ctx.server, owner, { kind: 'EXPORT_ORDERS', query: 'grace@example.com' });
    expect(out.rows).toHaveLength(2);
    const [first, second] = out.rows as [Record<string, string>, Record<string, string>];
    const subtotal = 2 * 1250 + 800;
    expect(first).toMatchObject({
      Name: order.name,
      Email: 'grace@example.com',
      'Financial Status': 'partially_refunded',
      'Fulfillment Status': 'unfulfilled',
      Currency: 'USD',
      Subtotal: decimal(subtotal),
      'Discount Code': 'TENOFF',
      'Discount Amount': '10.00',
      Total: order.total.amount,
      Taxes: order.taxTotal.amount,
      Shipping: order.shippingTotal.amount,
      'Refunded Amount': '3.00',
      'Lineitem quantity': '2',
      'Lineitem name': 'Tea Towel - Stripe',
      'Lineitem price': '12.50',
      'Lineitem sku': 'TT-STRIPE',
      'Shipping Name': 'Grace Hopper',
      'Shipping Address1': '1 Harbor Rd',
      'Shipping City': 'Arlington',
      'Shipping Zip': '22201',
      'Shipping Province': 'VA',
      'Shipping Country': 'US',
      Notes: 'Leave at the door',
      Tags: 'gift',
    });
    expect(minor(first['Total']!)).toBe(
      subtotal - 1000 + minor(order.taxTotal.amount) + minor(order.shippingTotal.amount),
    );
    expect(first['Paid at']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/);
    // Dates in the store's time zone, as Shopify writes them: UTC + 5:30.
    const local = new Date(new Date(order.createdAt).getTime() + 330 * 60_000).toISOString();
    expect(first['Created at']).toBe(`${local.slice(0, 10)} ${local.slice(11, 19)} +0530`);
    expect(second).toMatchObject({
      Name: order.name,
      Email: 'grace@example.com',
      'Lineitem quantity': '1',
      'Lineitem name': 'Tea Towel - Check',
      'Lineitem price': '8.00',
      'Lineitem sku': 'TT-CHECK',
      Subtotal: '',
      Total: '',
      'Discount Amount': '',
      'Refunded Amount': '',
      'Shipping Name': '',
      'Financial Status': '',
    });
  }, 60_000);
});
