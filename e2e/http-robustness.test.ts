import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, type Viewport } from './support/browser';
import { createProduct } from './support/catalog';
import { shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PHONE_390: Viewport = { width: 390, height: 844 };

/** Issue #26 §0 and §3, as a person meets them in the browser. */
describe('addresses and uploads the server once could not take', () => {
  let server: TestServer;
  let browser: Browser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-big-images-'));

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    // Three 40 MB files (sparse: no disk used). The admin refuses them by size before reading them.
    for (const n of [1, 2, 3]) {
      const file = path.join(dir, `big-${n}.png`);
      fs.writeFileSync(file, '');
      fs.truncateSync(file, 40 * 1024 * 1024);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const)(
    'opens the admin at an address with a bad escape or a huge segment, and the server goes on (%s)',
    async (name, viewport) => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      // The admin itself answers each: its own screen, not a bare error page or a dead server.
      const screens = [
        ['/products/%ZZ', "This product doesn't exist"],
        [`/customers/${'c'.repeat(5000)}`, "This customer doesn't exist"],
        ['/invite/%ZZ', 'Join the team'],
      ] as const;
      for (const [address, heading] of screens) {
        const res = await page.goto(address);
        expect(res?.status(), address.slice(0, 30)).toBe(200);
        await page.getByRole('heading', { name: heading }).waitFor();
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      }
      await page.goto('/products/%ZZ');
      await page.getByRole('heading', { name: "This product doesn't exist" }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to Home' }).count()).toBe(1);
      await shot(page, `bad-escape-${name}`);
      await context.close();
    },
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const)(
    'says in words that images over the upload limit are too many at once (%s)',
    async (name, viewport) => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      const product = await createProduct(page, { title: `Heavy Boots ${name}` });
      await page.goto(`/products/${product.id}`);
      await page.getByRole('heading', { level: 1, name: `Heavy Boots ${name}` }).waitFor();
      await page
        .locator('[data-testid="media-card"] input[type="file"]')
        .setInputFiles([1, 2, 3].map((n) => path.join(dir, `big-${n}.png`)));
      const alert = page.getByTestId('media-card').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        'These images come to 120.0 MB; one upload can be at most 100 MB. Add them a few at a time.',
      );
      expect(await alert.textContent()).not.toContain('Cannot reach the server');
      await alert.scrollIntoViewIfNeeded();
      await shot(page, `upload-too-large-${name}`);
      await context.close();
    },
  );
});
