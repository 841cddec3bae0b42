import { describe, expect, it } from 'vitest';
import { DATABASES, signedIn, useServer } from '../../helpers.js';
import { createLocation, gql } from '../../support/order-fixtures.js';
import { exported, startExport } from './list-export-fixtures.js';

describe.each(DATABASES)('list exports of products and stock levels on $name', ({ postgresUrl }) => {
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
});
