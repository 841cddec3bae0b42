import { expect } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Client } from '../helpers.js';
import { createLocation, gql } from './order-fixtures.js';

/** A GET of a document with the client's session (or a Bearer token). */
export async function download(
  url: string,
  auth: { cookie?: string | null; token?: string } = {},
): Promise<{ status: number; type: string | null; bytes: Buffer; error: string | null }> {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers['cookie'] = auth.cookie;
  if (auth.token) headers['authorization'] = `Bearer ${auth.token}`;
  const res = await fetch(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  const error = type?.startsWith('application/json')
    ? ((JSON.parse(bytes.toString()) as { error: string }).error ?? null)
    : null;
  return { status: res.status, type, bytes, error };
}

/** Each page's [width, height] in points, as a reader sees it. */
export async function pageSizes(bytes: Uint8Array): Promise<[number, number][]> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false });
  const pdf = await task.promise;
  try {
    const sizes: [number, number][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const [x0, y0, x1, y1] = (await pdf.getPage(n)).view as [number, number, number, number];
      sizes.push([Math.round(x1 - x0), Math.round(y1 - y0)]);
    }
    return sizes;
  } finally {
    await task.destroy();
  }
}

/** An active product of one variant with a barcode (or none), stock at these locations. */
export async function stockedVariant(
  client: Client,
  opts: {
    title: string;
    sku: string;
    price: string;
    barcode?: string;
    variant?: string;
    stock: Record<string, number>;
  },
): Promise<string> {
  const data = await gql(
    client,
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
    {
      input: {
        title: opts.title,
        status: 'ACTIVE',
        ...(opts.variant ? { options: [{ name: 'Size', values: [opts.variant] }] } : {}),
        variants: [
          {
            sku: opts.sku,
            price: opts.price,
            trackInventory: true,
            ...(opts.barcode ? { barcode: opts.barcode } : {}),
            ...(opts.variant ? { optionValues: [opts.variant] } : {}),
          },
        ],
      },
    },
  );
  expect(data.productCreate.userErrors).toEqual([]);
  const variantId = data.productCreate.product.variants[0].id as string;
  const adjusted = await gql(
    client,
    `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
    {
      input: {
        reason: 'RECEIVED',
        changes: Object.entries(opts.stock).map(([locationId, delta]) => ({ variantId, locationId, delta })),
      },
    },
  );
  expect(adjusted.inventoryAdjust.userErrors).toEqual([]);
  return variantId;
}

export interface DocumentStore {
  warehouse: string;
  shop: string;
  /** At the warehouse, barcode 4006381333931. */
  lamp: string;
  /** At the shop, no barcode (its SKU is printed as the barcode). */
  mug: string;
  /** At the warehouse. */
  cup: string;
}

/** Two locations and three products, each stocked at one of them. */
export async function setUpDocumentStore(owner: Client): Promise<DocumentStore> {
  const warehouse = await createLocation(owner, 'Warehouse');
  const shop = await createLocation(owner, 'Shop');
  const lamp = await stockedVariant(owner, {
    title: 'Brass desk lamp',
    sku: 'DOC-LAMP',
    price: '40.00',
    barcode: '4006381333931',
    variant: 'Large',
    stock: { [warehouse]: 100 },
  });
  const mug = await stockedVariant(owner, {
    title: 'Stoneware mug',
    sku: 'DOC-MUG',
    price: '12.50',
    stock: { [shop]: 100 },
  });
  const cup = await stockedVariant(owner, {
    title: 'Espresso cup',
    sku: 'DOC-CUP',
    price: '8.00',
    stock: { [warehouse]: 100 },
  });
  return { warehouse, shop, lamp, mug, cup };
}
