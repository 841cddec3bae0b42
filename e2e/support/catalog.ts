import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Calls the GraphQL API with the page's session cookie and the CSRF header (SPEC §7.1). */
export async function graphqlAs<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export interface CreatedProduct {
  id: string;
  title: string;
  version: number;
}

/** Creates a product through the API (for tests about the list and the editor, not about creating). */
export async function createProduct(
  page: Page,
  input: { title: string; tags?: string[]; sku?: string; price?: string; status?: string },
): Promise<CreatedProduct> {
  const data = await graphqlAs<{
    productCreate: { product: CreatedProduct | null; userErrors: { message: string }[] };
  }>(
    page,
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { id title version } userErrors { message } } }`,
    {
      input: {
        title: input.title,
        tags: input.tags ?? [],
        status: input.status ?? 'DRAFT',
        variants: [{ optionValues: [], price: input.price ?? '10.00', sku: input.sku ?? null }],
      },
    },
  );
  if (!data.productCreate.product) throw new Error(JSON.stringify(data.productCreate.userErrors));
  return data.productCreate.product;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid size×size PNG of one colour, made in memory. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
