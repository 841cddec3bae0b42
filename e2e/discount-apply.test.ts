import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

/** Issue acceptance: a code made, applied to a draft with the totals changing, and its orders. */
describe('discount codes: made, applied in a draft, seen on the code', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    await receiveStock(api, apron.variantId, main, 20);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a code, applies it to a draft, and finds the order on the code', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);

    // The code, made on its screen.
    await page.goto('/discounts/new');
    await page.getByRole('textbox', { name: 'Code' }).fill('PHONE20');
    await page.getByRole('textbox', { name: 'Percentage' }).fill('20');
    await page.getByTestId('discount-save').click();
    await page.waitForURL(/\/discounts\/(?!new)[^/]+$/);
    const codeUrl = new URL(page.url()).pathname;

    // A draft: one apron (10.00), no code yet.
    await page.goto('/drafts/new');
    const addItems = page.getByRole('combobox', { name: 'Add items' });
    await addItems.fill('APRON-1');
    await page.getByRole('option', { name: /Linen Apron/ }).waitFor();
    await addItems.press('Enter');
    await page.getByRole('textbox', { name: /Quantity of Linen Apron/ }).fill('3');
    const totals = page.getByTestId('draft-totals');
    await totals.getByText('$30.00').first().waitFor();

    // A code that isn't there says so; the right one takes 20 % off while you watch.
    const code = page.getByRole('textbox', { name: 'Discount code' });
    await code.fill('PHONE2O');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByTestId('draft-discount-message')
      .getByText('There is no discount code “PHONE2O”.')
      .waitFor();
    await page.getByRole('button', { name: 'Remove code PHONE2O' }).click();
    await code.fill('phone20');
    await code.press('Enter');
    await totals.getByText('Discount · PHONE20').waitFor();
    await totals.getByText('$24.00').waitFor();
    await shot(page, 'draft-discount-desktop');

    await page.getByTestId('draft-complete').click();
    await page.getByRole('radio', { name: /Mark as paid/ }).check();
    await page.getByTestId('draft-complete-confirm').click();
    await page.waitForURL('**/orders/**');
    const heading = page.getByRole('heading', { level: 1, name: /#\d+/ });
    await heading.waitFor();
    const orderName = (await heading.textContent())?.match(/#\d+/)?.[0];
    expect(orderName).toBeTruthy();
    await page.getByTestId('order-totals').getByText('PHONE20').waitFor();

    // The code's page: used once, by that order.
    await page.goto(codeUrl);
    await page.getByRole('link', { name: orderName! }).waitFor();
    await page
      .getByText(/1 used|Used 1/)
      .first()
      .waitFor();

    // A used code can't be deleted; the dialog says what to do instead.
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('This code is on 1 order; disable it instead.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe(codeUrl);

    // And the orders list, searched for the code, has the order.
    await page.getByRole('link', { name: 'See it in Orders' }).click();
    await page.waitForURL('**/orders?**');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`discount:${codeUrl.split('/').pop()!}`);
    await page.getByRole('link', { name: orderName! }).first().waitFor();
    await context.close();
  });

  it('shows the draft discount on a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/drafts/new');
    const addItems = page.getByRole('combobox', { name: 'Add items' });
    await addItems.fill('APRON-1');
    await page.getByRole('option', { name: /Linen Apron/ }).waitFor();
    await addItems.press('Enter');
    await page.getByRole('textbox', { name: 'Discount code' }).fill('PHONE20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('draft-totals').getByText('Discount · PHONE20').waitFor();
    await shot(page, 'draft-discount-phone');
    await context.close();
  });
});
