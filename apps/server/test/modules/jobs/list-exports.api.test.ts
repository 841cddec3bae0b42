import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../support/csv.js';
import { sql } from 'kysely';
import { decodeIdOf } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';
import { createDiscount } from '../../support/discount-fixtures.js';
import { refundOk } from '../../support/refund-fixtures.js';
import { JOB_FIELDS, untilFinished } from './job-fixtures.js';

/** The CSV as objects by header. */
function records(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...rest] = parseCsv(text);
  return {
    header: header!,
    rows: rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? '']))),
  };
}

async function startExport(client: Client, input: Record<string, unknown>) {
  return client.request(
    `mutation($input: ExportStartInput!) { exportStart(input: $input) { job { ${JOB_FIELDS} } userErrors { field message code } } }`,
    { input },
  );
}

/** Starts an export, waits for it and downloads its file. */
async function exported(server: { url: string }, client: Client, input: Record<string, unknown>) {
  const res = await startExport(client, input);
  const payload = res.body.data?.['exportStart'];
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(payload.userErrors).toEqual([]);
  const job = await untilFinished(client, payload.job.id as string);
  expect(job['status']).toBe('SUCCEEDED');
  const file = await fetch(`${server.url}${job['resultUrl']}`, { headers: { cookie: client.cookie! } });
  expect(file.status).toBe(200);
  const text = await file.text();
  expect(text.charCodeAt(0)).not.toBe(0xfeff); // no byte-order mark, as the audit export
  return { job, text, ...records(text) };
}

const minor = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (cents: number) => (cents / 100).toFixed(2);

describe.each(DATABASES)('list exports on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl });

  it('exports products as Shopify rows: variants, options, stock per location, first-row fields, formulas guarded', async () => {
    const owner = await signedIn(ctx.server);
    const north = await createLocation(owner, 'North Depot');
    const south = await createLocation(owner, 'South Depot');
    const variants = [
      {
        sku: 'LS-S',
        optionValues: ['S'],
        price: '19.50',
        compareAtPrice: '25.00',
        costPrice: '7.25',
        barcode: '111',
        weightGrams: 180,
      },
      {
        sku: 'LS-M',
        optionValues: ['M'],
        price: '19.50',
        compareAtPrice: null,
        costPrice: null,
        barcode: null,
        weightGrams: 200,
      },
      {
        sku: 'LS-L',
        optionValues: ['L'],
        price: '21.00',
        compareAtPrice: null,
        costPrice: '8.00',
        barcode: '333',
        weightGrams: null,
      },
    ];
    const created = await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { id variants { id sku } } userErrors { message } } }`,
      {
        input: {
          title: 'Linen Shirt',
          handle: 'linen-shirt',
          description: '<p>Soft, "breezy" linen</p>',
          vendor: 'Acme Mills',
          productType: 'Shirts',
          tags: ['summer', 'linen'],
          status: 'ACTIVE',
          seoTitle: 'Linen shirt',
          seoDescription: 'A shirt, in linen',
          options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
          variants: variants.map((v) => ({ ...v, trackInventory: true })),
        },
      },
    );
    expect(created.productCreate.userErrors).toEqual([]);
    const ids = Object.fromEntries(created.productCreate.product.variants.map((v: any) => [v.sku, v.id]));
    const stock: Record<string, Record<string, number>> = {
      'LS-S': { [north]: 4, [south]: 1 },
      'LS-M': { [north]: 0, [south]: 7 },
      'LS-L': { [north]: 12, [south]: 3 },
    };
    const changes = Object.entries(stock).flatMap(([sku, at]) =>
      Object.entries(at)
        .filter(([, n]) => n > 0)
        .map(([locationId, delta]) => ({ variantId: ids[sku], locationId, delta })),
    );
    const adjusted = await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes } },
    );
    expect(adjusted.inventoryAdjust.userErrors).toEqual([]);
    const evil = await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { userErrors { message } } }`,
      {
        input: {
          title: '=HYPERLINK("http://evil.example","x")',
          handle: 'evil-formula',
          vendor: '@SUM(1)',
          tags: ['-2+3'],
          variants: [{ sku: '+EVIL', price: '1.00' }],
        },
      },
    );
    expect(evil.productCreate.userErrors).toEqual([]);

    const locations = await gql(owner, `{ locations { id name active } }`);
    const active = (locations.locations as any[]).filter((l) => l.active).map((l) => l.name);
    const all = await exported(ctx.server, owner, { kind: 'EXPORT_PRODUCTS' });
    expect(all.header.slice(0, 7)).toEqual([
      'Handle',
      'Title',
      'Body (HTML)',
      'Vendor',
      'Type',
      'Tags',
      'Status',
    ]);
    expect(all.header.filter((h) => h.startsWith('Stock: '))).toEqual(active.map((n) => `Stock: ${n}`));
    expect(all.header).toContain('Stock: North Depot');

    const shirt = all.rows.filter((r) => r['Handle'] === 'linen-shirt');
    expect(shirt).toHaveLength(3);
    expect(shirt[0]).toMatchObject({
      Title: 'Linen Shirt',
      'Body (HTML)': '<p>Soft, "breezy" linen</p>',
      Vendor: 'Acme Mills',
      Type: 'Shirts',
      Tags: 'summer, linen',
      Status: 'active',
      'Option1 Name': 'Size',
      'SEO Title': 'Linen shirt',
      'SEO Description': 'A shirt, in linen',
    });
    for (const later of shirt.slice(1))
      expect(later).toMatchObject({ Title: '', Vendor: '', Tags: '', Status: '', 'Option1 Name': '' });
    variants.forEach((v, i) => {
      const row = shirt[i]!;
      expect(row).toMatchObject({
        'Option1 Value': v.optionValues[0],
        'Variant SKU': v.sku,
        'Variant Price': v.price,
        'Variant Compare At Price': v.compareAtPrice ?? '',
        'Cost per item': v.costPrice ?? '',
        'Variant Barcode': v.barcode ?? '',
        'Variant Grams': v.weightGrams === null ? '' : String(v.weightGrams),
        'Variant Inventory Tracker': 'shopify',
        'Variant Inventory Policy': 'deny',
        'Stock: North Depot': String(stock[v.sku]![north]),
        'Stock: South Depot': String(stock[v.sku]![south]),
      });
    });
    const bad = all.rows.find((r) => r['Handle'] === 'evil-formula')!;
    expect(bad['Title']).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(bad['Vendor']).toBe(`'@SUM(1)`);
    expect(bad['Tags']).toBe(`'-2+3`);
    expect(bad['Variant SKU']).toBe(`'+EVIL`);
    // Shopify's way of a product without options.
    expect(bad).toMatchObject({ 'Option1 Name': 'Title', 'Option1 Value': 'Default Title' });

    // A search filters rows; columns are written as chosen, in that order.
    const some = await exported(ctx.server, owner, {
      kind: 'EXPORT_PRODUCTS',
      query: 'vendor:"Acme Mills"',
      columns: ['Variant SKU', 'Handle', 'Stock: South Depot'],
    });
    expect(some.text).toBe(
      'Variant SKU,Handle,Stock: South Depot\nLS-S,linen-shirt,1\nLS-M,linen-shirt,7\nLS-L,linen-shirt,3\n',
    );
    expect(some.job['progress']).toEqual({ done: 1, total: 1 });

    const unknown = await startExport(owner, { kind: 'EXPORT_PRODUCTS', columns: ['Handle', 'Colour'] });
    const errors = unknown.body.data?.['exportStart'].userErrors;
    expect(errors[0]).toMatchObject({ field: ['input', 'columns', '1'], code: 'INVALID' });
    expect(errors[0].message).toMatch(
      /^"Colour" is not a column of the products export; the columns are: Handle, Title/,
    );
    const badSearch = await startExport(owner, { kind: 'EXPORT_PRODUCTS', query: 'colour:red' });
    expect(badSearch.body.data?.['exportStart'].userErrors[0]).toMatchObject({ field: ['input', 'query'] });

    // The fulfillment role reads the catalog but may not take data away.
    await ctx.server.createStaff({
      email: 'packer-export@example.com',
      name: 'Packer',
      password: 'a-long-packer-password-1',
      roleKeys: ['fulfillment'],
    });
    const packer = await signedIn(ctx.server, 'packer-export@example.com', 'a-long-packer-password-1');
    const refused = await startExport(packer, { kind: 'EXPORT_PRODUCTS' });
    expect(refused.body.errors?.[0]).toMatchObject({
      message: "You don't have permission to export lists to CSV. Ask a staff manager for DATA_EXPORT.",
      extensions: { code: 'FORBIDDEN' },
    });
    // The columns are only names (locations are readable by all staff): anyone signed in may read them.
    const columns = await gql(packer, `{ exportColumns(kind: EXPORT_PRODUCTS) }`);
    expect(columns.exportColumns).toEqual(all.header);
    const known = await gql(owner, `{ exportColumns(kind: EXPORT_PRODUCTS) }`);
    expect(known.exportColumns).toEqual(all.header);
  }, 120_000);

  it('exports inventory levels: one row per variant and location, with on hand, committed and available', async () => {
    const owner = await signedIn(ctx.server);
    const east = await createLocation(owner, 'East Shed');
    const made = await gql(
      owner,
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
      {
        input: {
          title: 'Clay Mug',
          handle: 'clay-mug',
          options: [{ name: 'Colour', values: ['Blue'] }],
          variants: [{ sku: 'MUG-BLUE', optionValues: ['Blue'], price: '9.00', trackInventory: true }],
        },
      },
    );
    const variantId = made.productCreate.product.variants[0].id;
    await gql(
      owner,
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId, locationId: east, delta: 6 }] } },
    );
    const out = await exported(ctx.server, owner, { kind: 'EXPORT_INVENTORY', query: 'sku:MUG-BLUE' });
    expect(out.header).toEqual([
      'Handle',
      'Title',
      'Option1 Value',
      'Option2 Value',
      'Option3 Value',
      'SKU',
      'Location',
      'On hand',
      'Committed',
      'Available',
    ]);
    const levels = await gql(owner, `{ inventoryLevels(first: 50, query: "sku:MUG-BLUE") { nodes { id } } }`);
    expect(out.rows).toHaveLength(levels.inventoryLevels.nodes.length);
    expect(out.rows.find((r) => r['Location'] === 'East Shed')).toEqual({
      Handle: 'clay-mug',
      Title: 'Clay Mug',
      'Option1 Value': 'Blue',
      'Option2 Value': '',
      'Option3 Value': '',
      SKU: 'MUG-BLUE',
      Location: 'East Shed',
      'On hand': '6',
      Committed: '0',
      Available: '6',
    });
  }, 60_000);

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

  it('exports customers, an erased one without personal data, in several steps past 1,000 rows', async () => {
    const owner = await signedIn(ctx.server);
    const create = (input: Record<string, unknown>) =>
      gql(
        owner,
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } userErrors { message } } }`,
        {
          input,
        },
      );
    const kept = await create({
      email: 'marie@example.com',
      firstName: 'Marie',
      lastName: 'Curie',
      phone: '+33123456789',
      acceptsMarketing: true,
      tags: ['vip'],
      note: 'Prefers mornings',
      addresses: [
        {
          line1: '12 Rue Cuvier',
          city: 'Paris',
          postalCode: '75005',
          countryCode: 'FR',
          company: 'Institut',
        },
      ],
    });
    expect(kept.customerCreate.userErrors).toEqual([]);
    const gone = await create({
      email: 'erase.me@example.com',
      firstName: 'Secret',
      lastName: 'Person',
      phone: '+15550001111',
      note: 'Private words',
      addresses: [
        { line1: '9 Hidden Lane', city: 'Nowhere', postalCode: '10001', region: 'NY', countryCode: 'US' },
      ],
    });
    expect(gone.customerCreate.userErrors).toEqual([]);
    const erased = await gql(
      owner,
      `mutation($id: ID!) { customerErase(id: $id, confirmation: "erase.me@example.com") { customer { email } userErrors { message } } }`,
      { id: gone.customerCreate.customer.id },
    );
    expect(erased.customerErase.userErrors).toEqual([]);

    const out = await exported(ctx.server, owner, { kind: 'EXPORT_CUSTOMERS' });
    expect(out.rows.find((r) => r['Email'] === 'marie@example.com')).toEqual({
      'First Name': 'Marie',
      'Last Name': 'Curie',
      Email: 'marie@example.com',
      Company: 'Institut',
      Address1: '12 Rue Cuvier',
      Address2: '',
      City: 'Paris',
      Province: '',
      'Country Code': 'FR',
      Zip: '75005',
      Phone: "'+33123456789",
      'Accepts Marketing': 'yes',
      'Total Spent': '0.00',
      'Total Orders': '0',
      Tags: 'vip',
      Note: 'Prefers mornings',
    });
    const erasedRow = out.rows.find((r) => r['Email'] === erased.customerErase.customer.email)!;
    expect(erasedRow).toMatchObject({ 'First Name': '', 'Last Name': '', Phone: '', Address1: '', Note: '' });
    for (const secret of ['Secret', 'Person', '5550001111', 'Hidden Lane', 'Private words', 'erase.me'])
      expect(out.text).not.toContain(secret);

    // Past 1,000 rows the export takes several steps, each row once.
    await sql`insert into customers (id, email, first_name, last_name, tags, tag_keys, accepts_marketing, state, created_at, updated_at)
      select gen_random_uuid(), 'bulk' || g || '@example.com', 'Bulk', 'Buyer ' || g, '{bulk}', '{bulk}', false, 'ENABLED', now(), now()
      from generate_series(1, 1100) g`.execute(ctx.server.app.database.db);
    const many = await exported(ctx.server, owner, {
      kind: 'EXPORT_CUSTOMERS',
      query: 'tag:bulk',
      columns: ['Email'],
    });
    const emails = many.rows.map((r) => r['Email']);
    expect(emails).toHaveLength(1100);
    expect(new Set(emails).size).toBe(1100);
    expect(many.job['progress']).toEqual({ done: 1100, total: 1100 });
    expect(many.job['report']['counts']).toEqual(
      expect.arrayContaining([
        { name: 'customers', value: 1100 },
        { name: 'rows', value: 1100 },
      ]),
    );
    const steps = await sql<{
      step: number;
    }>`select step from jobs where id = ${decodeIdOf('Job', many.job['id'] as string)}`.execute(
      ctx.server.app.database.db,
    );
    expect(steps.rows[0]!.step).toBe(2);
  }, 120_000);
});
