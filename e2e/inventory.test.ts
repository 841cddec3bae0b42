import type { Browser, Page } from 'playwright-core';
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
  let teeVariantId: string;

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
    // A product of its own for the transfer tests, so the numbers above stay as they are.
    ({ variantId: teeVariantId } = await createProduct(owner, { title: 'Transfer tee', sku: 'TRF-001' }));
    await receiveStock(owner, teeVariantId, locationId, 12);
    await createLocation(owner, 'Back room');
    await createLocation(owner, 'Shop floor');
    const closed = await createLocation(owner, 'Old depot');
    await owner.request(
      `mutation($id: ID!) { locationUpdate(id: $id, input: { active: false }) { userErrors { message } } }`,
      { id: closed },
    );
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

    // Every tracked variant has a level at every active location: the shirt's at Main warehouse.
    const row = page
      .getByTestId('inventory-row')
      .filter({ hasText: 'LIN-001' })
      .filter({ hasText: 'Main warehouse' });
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
    const atMain = (sku: string) =>
      page.getByTestId('inventory-row').filter({ hasText: sku }).filter({ hasText: 'Main warehouse' });
    await atMain('WOOL-002').waitFor();
    await atMain('LIN-001').waitFor({ state: 'detached' });
    // The shirt's empty levels at locations that never stocked it are "not stocked here", not low
    // (issue 26 §1.4): the list shows none of them.
    expect(
      await page.getByTestId('inventory-row').filter({ hasText: 'LIN-001' }).count(),
      'never-stocked levels listed as low stock',
    ).toBe(0);

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
    const row = page
      .getByTestId('inventory-row')
      .filter({ hasText: 'LIN-001' })
      .filter({ hasText: 'Main warehouse' });
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
    const row = page
      .getByTestId('inventory-row')
      .filter({ hasText: 'LIN-001' })
      .filter({ hasText: 'Main warehouse' });
    await row.waitFor();
    expect(await page.getByTestId('on-hand-edit').count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByTestId('transfer-open').count()).toBe(0);
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

  /** The Transfer tee's row at one location, and its available number (the sixth cell). */
  function teeRow(page: Page, location: string) {
    const row = page
      .getByTestId('inventory-row')
      .filter({ hasText: 'TRF-001' })
      .filter({ hasText: location });
    return {
      row,
      available: async () => Number(await row.getByRole('cell').nth(5).textContent()),
    };
  }

  it('moves stock to another active location, and the history shows both sides', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page.goto('/inventory?q=sku:TRF-001');
    const main = teeRow(page, 'Main warehouse');
    await main.row.waitFor();
    // 12 received, and maybe more from the bulk-adjust test above.
    const before = await main.available();
    expect(before).toBeGreaterThanOrEqual(12);
    // Its levels at every active location, the others at zero (none at the inactive Old depot).
    await expect.poll(() => page.getByTestId('inventory-row').count()).toBe(3);

    await main.row
      .getByRole('button', { name: 'Transfer stock of Transfer tee · Default from Main warehouse' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Transfer stock' });
    await dialog.waitFor();
    const from = await dialog.getByTestId('transfer-from').textContent();
    expect(from).toContain('From Main warehouse');
    expect(from).toContain(`${before} available`);
    expect(await dialog.textContent()).toContain('Default · TRF-001');
    // Only the other active locations: not the source, not the inactive one.
    const to = dialog.getByRole('combobox', { name: 'To' });
    expect(await to.locator('option:not([disabled])').allTextContents()).toEqual(['Back room', 'Shop floor']);

    // Every problem at once, before anything is sent.
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText('Choose where the stock goes.').waitFor();
    await dialog.getByText('Enter a quantity of at least 1.').waitFor();

    await to.selectOption({ label: 'Back room' });
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('5');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('For the shop window');
    await dialog.getByText(`Leaves ${before - 5} available at Main warehouse.`).waitFor();
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await page.getByText('Moved 5 from Main warehouse to Back room.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Both rows update: the source from the cache, the target (there since the tee was made) after the refetch.
    const back = teeRow(page, 'Back room');
    await back.row.waitFor();
    await expect.poll(() => main.available()).toBe(before - 5);
    await expect.poll(() => back.available()).toBe(5);

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stock history' }).waitFor();
    const rows = page.getByTestId('movement-row');
    await rows.first().getByText('Fran Fulfil').waitFor();
    const texts = [await rows.nth(0).textContent(), await rows.nth(1).textContent()];
    const out = texts.find((t) => t?.includes('Main warehouse')) ?? '';
    const into = texts.find((t) => t?.includes('Back room')) ?? '';
    for (const text of [out, into]) {
      expect(text).toContain('Transfer tee');
      expect(text).toContain('Transfer');
      expect(text).toContain('For the shop window');
    }
    expect(out).toContain('−5');
    expect(out).toContain(`${before} → ${before - 5}`);
    expect(into).toContain('+5');
    expect(into).toContain('0 → 5');
    await context.close();
  });

  it('refuses more than is available, in plain words, and moves nothing', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page.goto('/inventory?q=sku:TRF-001');
    const main = teeRow(page, 'Main warehouse');
    await main.row.waitFor();
    const others = async () =>
      (
        await page.getByTestId('inventory-row').filter({ hasNotText: 'Main warehouse' }).allTextContents()
      ).sort();
    const [mainBefore, othersBefore] = [await main.available(), await others()];

    // The keyboard way: j down to the row, t opens its transfer.
    const index = Number(await main.row.getAttribute('data-row-index'));
    for (let i = 0; i <= index; i++) await page.keyboard.press('j');
    await page.keyboard.press('t');
    const dialog = page.getByRole('dialog', { name: 'Transfer stock' });
    const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
    await quantity.waitFor();
    await dialog.getByRole('combobox', { name: 'To' }).selectOption({ label: 'Back room' });

    // Checked before sending.
    await quantity.fill(String(mainBefore + 1));
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText(`Only ${mainBefore} available at Main warehouse.`).waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');

    // Checked by the server too: someone else takes 4 units while the dialog is open.
    const owner = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await receiveStock(owner, teeVariantId, locationId, -4);
    await quantity.fill(String(mainBefore));
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText(`Only ${mainBefore - 4} available at Main warehouse.`).waitFor();
    await dialog.getByText(`${mainBefore - 4} available`, { exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await main.available()).toBe(mainBefore - 4);
    expect(await others()).toEqual(othersBefore);
    await context.close();
  });

  it('asks before setting on hand below zero, says what it means, and finds oversold stock', async () => {
    const owner = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const cap = await createProduct(owner, { title: 'Oversold cap', sku: 'CAP-001' });
    await receiveStock(owner, cap.variantId, locationId, 1);
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
    await page.goto('/inventory?q=sku:CAP-001');
    const row = page.getByTestId('inventory-row').filter({ hasText: 'CAP-001' });
    await row.getByRole('button', { name: /On hand 1 for Oversold cap/ }).click();
    const count = page.getByRole('textbox', { name: 'On hand' });
    await count.fill('-2');
    await count.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Below zero?' })
      .getByText(/oversold/)
      .waitFor();
    // Nothing is written until the person says so.
    await row.getByRole('button', { name: /On hand 1 for Oversold cap/ }).waitFor();
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await row.getByRole('button', { name: /On hand -2 for Oversold cap/ }).waitFor();

    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Oversold', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('available:<0');
    // The rows shown before stay while the filtered ones load: wait for the one that matches.
    await expect.poll(() => page.getByTestId('inventory-row').count()).toBe(1);
    await page.getByTestId('inventory-row').filter({ hasText: 'CAP-001' }).waitFor();
    await context.close();
  });
});
