import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { pathAndSearch, signIn, startTestServer, type TestServer } from './support/stockroom';

const FULFILLMENT = { email: 'fulfil@example.com', name: 'Fran Fulfil', password: 'packing-boxes-all-day-7' };
const ANALYST = { email: 'analyst@example.com', name: 'Ana Lyst', password: 'numbers-numbers-numbers-3' };

describe('inventory', () => {
  let server: TestServer;
  let browser: Browser;
  let variantId: string;
  let locationId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...FULFILLMENT, roleKeys: ['fulfillment'] });
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
    const owner = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    locationId = await createLocation(owner, 'Main warehouse');
    ({ variantId } = await createProduct(owner, { title: 'Linen shirt', sku: 'LIN-001' }));
    const other = await createProduct(owner, { title: 'Wool socks', sku: 'WOOL-002' });
    await receiveStock(owner, variantId, locationId, 12);
    await receiveStock(owner, other.variantId, locationId, 2);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets fulfillment staff count a cell, then shows that movement in the history', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();

    const row = page.getByTestId('inventory-row').filter({ hasText: 'LIN-001' });
    await row.getByRole('button', { name: /On hand 12 for Linen shirt/ }).click();
    const count = page.getByRole('textbox', { name: 'On hand' });
    await count.fill('15');
    expect(await page.getByTestId('movement-preview').textContent()).toBe('Writes +3 · 12 → 15');
    await page.getByRole('combobox', { name: 'Reason' }).selectOption('RECEIVED');
    await count.press('Enter');
    await row.getByRole('button', { name: /On hand 15 for Linen shirt/ }).waitFor();
    expect(await row.textContent()).toContain('15');

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stock history' }).waitFor();
    const movement = page.getByTestId('movement-row').first();
    await movement.getByText('Fran Fulfil').waitFor();
    const text = await movement.textContent();
    expect(text).toContain('Linen shirt');
    expect(text).toContain('Received');
    expect(text).toContain('+3');
    expect(text).toContain('12 → 15');

    // Filters live in the URL, so a reload shows the same list.
    await page.getByRole('combobox', { name: 'Location' }).selectOption('Main warehouse');
    await page.waitForURL((url) => url.search.includes('location'));
    expect(new URL(page.url()).searchParams.get('q')).toBe('location:"Main warehouse"');
    expect(pathAndSearch(page).startsWith('/inventory/history?')).toBe(true);
    await page.reload();
    await page.getByTestId('movement-row').first().getByText('Fran Fulfil').waitFor();
    await context.close();
  });

  it('keeps the search, low-stock filter and sort in the URL and explains a bad search', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Low stock' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'low_stock:true');
    await page.getByTestId('inventory-row').filter({ hasText: 'WOOL-002' }).waitFor();
    await page.getByTestId('inventory-row').filter({ hasText: 'LIN-001' }).waitFor({ state: 'detached' });

    const search = page.getByRole('textbox', { name: 'Search stock' });
    await search.fill('bin:A4');
    await search.press('Enter');
    await page.getByText(/Unknown field "bin"/).waitFor();
    await context.close();
  });

  it('tells the person when the stock changed under them, with the new number', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page.goto('/inventory?q=sku:LIN-001');
    const row = page.getByTestId('inventory-row').filter({ hasText: 'LIN-001' });
    const before = Number(await row.getByTestId('on-hand-edit').textContent());
    await row.getByTestId('on-hand-edit').click();
    // Someone else receives 2 units while the count is open.
    const owner = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await receiveStock(owner, variantId, locationId, 2);
    await page.getByRole('textbox', { name: 'On hand' }).fill(String(before + 10));
    await page.getByRole('textbox', { name: 'On hand' }).press('Enter');
    await page
      .getByRole('alert')
      .getByText(`The stock changed since you looked: ${before + 2} on hand now, not ${before}.`)
      .waitFor();
    await row.getByRole('button', { name: new RegExp(`On hand ${before + 2} for`) }).waitFor();
    await page.getByRole('textbox', { name: 'On hand' }).press('Escape');
    await page.getByRole('textbox', { name: 'On hand' }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('adjusts several rows at once, chosen with j, k and x', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page.goto('/inventory');
    await page.getByTestId('inventory-row').nth(1).waitFor();
    const onHand = async (i: number) =>
      Number(await page.getByTestId('inventory-row').nth(i).getByTestId('on-hand-edit').textContent());
    const [first, second] = [await onHand(0), await onHand(1)];
    await page.locator('body').press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const bulk = page.getByTestId('bulk-adjust');
    await bulk.getByText('2 selected').waitFor();
    await bulk.getByRole('textbox', { name: 'Change by' }).fill('5');
    await bulk.getByRole('button', { name: 'Adjust 2' }).click();
    await page.getByText('+5 at 2 levels.').waitFor();
    await bulk.waitFor({ state: 'detached' });
    expect([await onHand(0), await onHand(1)]).toEqual([first + 5, second + 5]);
    await context.close();
  });

  it('shows an analyst the stock without a way to change it, and the server refuses a forced change', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, ANALYST.email, ANALYST.password);
    await page.goto('/inventory');
    const row = page.getByTestId('inventory-row').filter({ hasText: 'LIN-001' });
    await row.waitFor();
    expect(await page.getByTestId('on-hand-edit').count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByText('changing stock needs INVENTORY_WRITE').waitFor();

    const analyst = await signedInApi(server.url, ANALYST.email, ANALYST.password);
    const forced = await analyst.raw(
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'CORRECTION', changes: [{ variantId, locationId, delta: 5 }] } },
    );
    expect(forced.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(forced.errors?.[0]?.message).toMatch(
      /^You don't have permission to .+\. Ask a staff manager for INVENTORY_WRITE\.$/,
    );
    await context.close();
  });
});
