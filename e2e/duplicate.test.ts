import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** #16 item 5: Duplicate asks first, then opens a draft copy whose SKUs are its own. */
describe('duplicating a product', () => {
  let server: TestServer;
  let browser: Browser;
  let productId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    ({ productId } = await createProduct(api, { title: 'Canvas Tote', sku: 'TOTE-1' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('asks for the title, then opens the copy as a draft with a unique SKU', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/products/${productId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate Canvas Tote' });
    const title = dialog.getByRole('textbox', { name: 'Title of the copy' });
    expect(await title.inputValue()).toBe('Copy of Canvas Tote');
    await dialog.getByText('SKUs get “-copy” added').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'duplicate-dialog-desktop');
    await title.fill('Canvas Tote, navy');
    await dialog.getByRole('button', { name: 'Duplicate' }).click();

    await page.waitForURL(
      (url) => /\/products\/prod_/.test(url.pathname) && !url.pathname.endsWith(productId),
    );
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue())
      .toBe('Canvas Tote, navy');
    expect(await page.getByTestId('status-badge').textContent()).toBe('Draft');
    expect(await page.getByRole('textbox', { name: 'SKU of Default' }).inputValue()).toBe('TOTE-1-copy');
    await context.close();
  });
});
