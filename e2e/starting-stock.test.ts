import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot, shotOf, wideElements } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/**
 * #16 item 1: a new product is stocked from the editor as it is made — starting stock per
 * location — and then shows in Inventory and in the product list's stock figure.
 */
describe('starting stock of a new product', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await createLocation(api, 'Warehouse');
    await createLocation(api, 'Shop floor');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('receives units per location with the product, counted in the list and in Inventory', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/products/new');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Linen apron');
    await page.getByRole('textbox', { name: 'Price of Default' }).fill('24.00');
    await page.getByRole('textbox', { name: 'SKU of Default' }).fill('APRON-1');
    const grid = page.getByTestId('starting-stock');
    await grid.getByRole('textbox', { name: 'Starting stock of Default at Warehouse' }).fill('12');
    await grid.getByRole('textbox', { name: 'Starting stock of Default at Shop floor' }).fill('3');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'starting-stock-desktop');
    await shotOf(page.getByTestId('variants-card'), 'starting-stock-card-desktop');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/products\/prod_/.test(url.pathname));
    // A saved variant's stock changes in Inventory: the starting-stock grid is gone.
    await page.getByRole('link', { name: 'Default' }).waitFor();
    expect(await grid.count()).toBe(0);

    await page.goto('/products?q=APRON-1');
    await page
      .getByTestId('product-row')
      .filter({ hasText: 'Linen apron' })
      .getByText('15 in stock')
      .waitFor();

    await page.goto('/inventory?q=sku%3AAPRON-1');
    const rows = page.getByTestId('inventory-row');
    await expect.poll(() => rows.count()).toBe(2);
    const text = (await rows.allTextContents()).join(' | ');
    expect(text).toMatch(/Warehouse.*12/);
    expect(text).toMatch(/Shop floor.*3/);
    await context.close();
  });

  it('says what is wrong with a starting count on a phone, and saves nothing', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/products/new');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Wool throw');
    await page.getByRole('textbox', { name: 'Price of Default' }).fill('80');
    const grid = page.getByTestId('starting-stock');
    await grid.getByRole('textbox', { name: 'Starting stock of Default at Warehouse' }).fill('-2');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await grid.getByRole('alert').getByText('Enter whole numbers of units, 0 or more.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/products/new');
    expect(await wideElements(page)).toEqual([]);
    await shot(page, 'starting-stock-phone');
    await shotOf(page.getByTestId('variants-card'), 'starting-stock-card-phone');

    await grid.getByRole('textbox', { name: 'Starting stock of Default at Warehouse' }).fill('5');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/products\/prod_/.test(url.pathname));
    const found = await api.request<{ products: { nodes: { totalAvailable: number }[] } }>(
      `{ products(first: 5, query: "Wool throw") { nodes { totalAvailable } } }`,
    );
    expect(found.products.nodes).toEqual([{ totalAvailable: 5 }]);
    await context.close();
  });
});
