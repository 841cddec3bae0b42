import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signedIn, useServer, type Client } from '../../helpers.js';

async function upload(
  client: Client,
  url: string,
  productId: string,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation($p: ID!, $files: [File!]!) { productMediaUpload(productId: $p, files: $files, alt: "Front") {
        media { id alt url thumbnailUrl(size: SMALL) width height mimeType position } userErrors { field code message } } }`,
      variables: { p: productId, files: files.map(() => null) },
    }),
  );
  form.append(
    'map',
    JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.files.${i}`]]))),
  );
  files.forEach((f, i) =>
    form.append(String(i), new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name),
  );
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'x-stockroom-csrf': '1', cookie: client.cookie! },
    body: form,
  });
  const body = await res.json();
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data.productMediaUpload;
}

describe('product media', () => {
  const ctx = useServer();

  it('uploads images, makes thumbnails, serves them, reorders, sets alt text and deletes; refuses non-images', async () => {
    const client = await signedIn(ctx.server);
    const created = await client.request(
      `mutation { productCreate(input: { title: "Photo Frame", variants: [{ price: "15" }] }) { product { id } } }`,
    );
    const productId = created.body.data?.productCreate.product.id;
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2980b9' } })
      .webp()
      .toBuffer();
    const out = await upload(client, ctx.server.url, productId, [
      { name: 'front.png', type: 'image/png', bytes: png },
      { name: 'side.webp', type: 'image/webp', bytes: webp },
    ]);
    expect(out.userErrors).toEqual([]);
    expect(out.media.map((m: any) => [m.alt, m.width, m.height, m.mimeType, m.position])).toEqual([
      ['Front', 1600, 1200, 'image/png', 0],
      ['Front', 300, 300, 'image/webp', 1],
    ]);
    const thumb = await fetch(ctx.server.url + out.media[0].thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
    expect((await fetch(ctx.server.url + out.media[0].url)).status).toBe(200);

    const reorder = await client.request(
      `mutation($p: ID!, $m: [ID!]!) { productMediaReorder(productId: $p, mediaIds: $m) { media { filename position } } }`,
      { p: productId, m: [out.media[1].id] },
    );
    expect(reorder.body.data?.productMediaReorder.media).toEqual([
      { filename: 'side.webp', position: 0 },
      { filename: 'front.png', position: 1 },
    ]);
    const alt = await client.request(
      `mutation($id: ID!) { productMediaUpdate(id: $id, alt: "Red frame, front") { media { alt } } }`,
      { id: out.media[0].id },
    );
    expect(alt.body.data?.productMediaUpdate.media).toEqual([{ alt: 'Red frame, front' }]);

    const fake = await upload(client, ctx.server.url, productId, [
      { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(fake.userErrors).toEqual([
      {
        field: ['files', '0'],
        code: 'INVALID',
        message: 'evil.png is not an image Stockroom can use. Upload a JPEG, PNG, WebP, GIF or AVIF.',
      },
    ]);
    const svg = await upload(client, ctx.server.url, productId, [
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
      },
    ]);
    expect(svg.userErrors[0].code).toBe('INVALID');

    await client.request(`mutation($id: ID!) { productMediaDelete(id: $id) { userErrors { code } } }`, {
      id: out.media[1].id,
    });
    const after = await client.request(`query($id: ID!) { product(id: $id) { media { filename } } }`, {
      id: productId,
    });
    expect(after.body.data?.product.media).toEqual([{ filename: 'front.png' }]);
    expect((await fetch(`${ctx.server.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${ctx.server.url}/media/${'0'.repeat(64)}.png`)).status).toBe(404);
  });
});
