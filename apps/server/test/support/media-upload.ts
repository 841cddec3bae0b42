import sharp from 'sharp';
import type { Client } from '../helpers.js';

/**
 * Uploads `count` small PNGs to a product through the API's multipart request (what the admin's
 * media card sends); answers the new media ids, or throws with the API's answer.
 */
export async function uploadImages(
  client: Client,
  url: string,
  productId: string,
  { count = 1, alt }: { count?: number; alt?: string } = {},
): Promise<string[]> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
    .png()
    .toBuffer();
  const files = Array.from({ length: count }, (_, i) => i);
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: `mutation($p: ID!, $files: [File!]!, $alt: String) { productMediaUpload(productId: $p, files: $files, alt: $alt) { media { id } userErrors { message } } }`,
      variables: { p: productId, files: files.map(() => null), alt: alt ?? null },
    }),
  );
  form.append('map', JSON.stringify(Object.fromEntries(files.map((i) => [i, [`variables.files.${i}`]]))));
  for (const i of files)
    form.append(String(i), new Blob([new Uint8Array(png)], { type: 'image/png' }), `${i}.png`);
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'x-stockroom-csrf': '1', cookie: client.cookie! },
    body: form,
  });
  const body = (await res.json()) as {
    data?: { productMediaUpload?: { media: { id: string }[]; userErrors: unknown[] } };
  };
  const payload = body.data?.productMediaUpload;
  if (!payload || payload.userErrors.length > 0 || payload.media.length < count)
    throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return payload.media.slice(-count).map((m) => m.id);
}
