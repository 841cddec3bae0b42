import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PRICE = `query($id: ID!) { product(id: $id) { title variants { price { amount } } } }`;

/** #14 item 4: "Undo" in the saved toast, "Revert" in the audit log, and a stale revert refused with its reason. */
describe('undoing a change', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let productId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    ({ productId } = await createProduct(api, { title: 'Linen Shirt', sku: 'LIN-1' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const priceNow = async () =>
    (await api.request<{ product: { variants: { price: { amount: string } }[] } }>(PRICE, { id: productId }))
      .product.variants[0]!.price.amount;

  async function setPrice(page: Page, price: string) {
    const field = page.getByRole('textbox', { name: 'Price of Default' });
    await field.fill(price);
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
  }

  it('undoes a price change from the toast, then reverts the next one from the audit log', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/products/${productId}`);
    await setPrice(page, '12.50');
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Product saved' });
    await toast.getByRole('button', { name: 'Undo' }).waitFor();
    expect(await priceNow()).toBe('12.50');
    await shot(page, 'undo-toast-desktop');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'The change was undone.' }).waitFor();
    expect(await priceNow()).toBe('10.00');
    // The editor shows the price as it is now, with nothing left to save.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Price of Default' }).inputValue())
      .toBe('10.00');
    await page.getByTestId('product-history').getByText('Product revert').waitFor();

    await setPrice(page, '14.00');
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Product saved' }).last().waitFor();
    expect(await priceNow()).toBe('14.00');

    await page.goto('/settings/audit?q=action:product.update');
    const change = page.getByTestId('audit-event').first();
    // Only what changed, in the store's currency (issue #26).
    await change.getByTestId('audit-changes').getByText('Price of Default').waitFor();
    await change.getByTestId('audit-changes').getByText('$14.00').waitFor();
    await change.getByRole('button', { name: 'Revert' }).click();
    await page.getByRole('button', { name: 'Revert change' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Reverted' }).waitFor();
    expect(await priceNow()).toBe('10.00');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'undo-audit-desktop');
    await context.close();
  });

  it('brings a deleted product back from the toast', async () => {
    const { productId: scarfId } = await createProduct(api, { title: 'Silk Scarf', sku: 'SCARF-1' });
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/products/${scarfId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete product' }).click();
    await page.waitForURL(/\/products(\?.*)?$/);
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Product deleted' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'The change was undone.' }).waitFor();
    // Back under its old address, in the list that is on screen.
    await page.getByRole('link', { name: 'Silk Scarf' }).first().waitFor();
    await page.getByRole('link', { name: 'Silk Scarf' }).first().click();
    await page.waitForURL(new RegExp(`/products/${scarfId}$`));
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Price of Default' }).inputValue())
      .toBe('10.00');
    await context.close();
  });

  it('refuses a stale revert with who changed it since and when, on a phone', async () => {
    await api.request(
      `mutation($id: ID!) { productUpdate(id: $id, input: { title: "Linen Shirt Classic" }) { userErrors { message } } }`,
      { id: productId },
    );
    await api.request(
      `mutation($id: ID!) { productUpdate(id: $id, input: { title: "Linen Shirt Relaxed" }) { userErrors { message } } }`,
      { id: productId },
    );
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/settings/audit?q=action:product.update');
    // The older of the two title changes: its "after" is no longer the title.
    const older = page.getByTestId('audit-event').filter({ hasText: 'Linen Shirt Classic' }).last();
    await older.getByRole('button', { name: 'Revert' }).click();
    await page.getByRole('button', { name: 'Revert change' }).click();
    const refusal = older.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /changed the title of this product after this, on .+\. Undo their change first, or edit the product instead\./,
    );
    const title = await api.request<{ product: { title: string } }>(PRICE, { id: productId });
    expect(title.product.title).toBe('Linen Shirt Relaxed');
    await shot(page, 'undo-refused-phone');
    await context.close();
  });
});
