import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers.js';

/** The built admin goes as the build's brotli or gzip copy when the browser takes one (issue 16 item 10). */
describe('serving the built admin', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-admin-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Stockroom</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  fs.mkdirSync(path.join(dir, 'samples'));
  fs.writeFileSync(path.join(dir, 'samples', 'customers.csv'), 'Email\nana@example.com\n');
  const ctx = useServer({ config: { adminDir: dir } });

  const get = (urlPath: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      // node:http, not fetch: fetch would decode the body and hide what was sent.
      const req = http.get(
        `${ctx.server.url}${urlPath}`,
        { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
    });

  it('sends brotli when accepted, else gzip, else the file itself, and says it varies', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 10);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const refused = await get('/assets/app-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file without a compressed copy as it is, and index.html for a screen path', async () => {
    const page = await get('/products?q=linen', 'br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString()).toContain('<title>Stockroom</title>');
    expect((await get('/assets/missing.js', 'br')).status).toBe(404);
  });

  it('sends the import sample files as CSV (the Import dialog links them)', async () => {
    const sample = await get('/samples/customers.csv');
    expect(sample.status).toBe(200);
    expect(sample.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sample.body.toString()).toBe('Email\nana@example.com\n');
  });
});
