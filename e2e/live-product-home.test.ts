import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  placeOrderFor,
  receiveStock,
  signedInApi,
  type Api,
} from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

const MAYA = { email: 'maya@example.com', name: 'Maya Lee', password: 'linen-and-thread-22' };

/** Resolves once the page's live stream of this operation has been answered (it is listening). */
function streamOpen(page: Page, operation: string) {
  return page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes(`"${operation}"`),
  );
}

/**
 * Issue #28 §3 in the browser, beyond orders: a product someone else saves shows "<name> changed
 * this — reload" (typed values kept through the reload) and who else has it open; Home's work
 * queue counts move when an order is placed elsewhere, without reloading the page.
 */
describe('live product page and Home', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let productId: string;
  let variantId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...MAYA, roleKeys: ['catalog-manager'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    ({ productId, variantId } = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' }));
    await receiveStock(api, variantId, main, 100);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a product saved by someone else: presence, the banner, and reload keeps what I typed', async () => {
    const owner = await newPage(browser, server.url);
    await signIn(owner.page, server.ownerEmail, server.ownerPassword);
    const ownerListening = streamOpen(owner.page, 'ProductUpdatedLive');
    await owner.page.goto(`/products/${productId}`);
    await owner.page.getByRole('heading', { name: 'Linen Apron', level: 1 }).waitFor();
    await ownerListening;

    const maya = await newPage(browser, server.url, PHONE);
    await signIn(maya.page, MAYA.email, MAYA.password);
    await maya.page.goto(`/products/${productId}`);
    await maya.page.getByRole('heading', { name: 'Linen Apron', level: 1 }).waitFor();
    // Each sees the other's avatar.
    await owner.page.getByRole('img', { name: 'Maya Lee has this product open' }).waitFor();
    await maya.page.getByRole('img', { name: 'Store owner has this product open' }).waitFor();

    // The owner types without saving; Maya saves another field from her phone.
    const ownerType = owner.page.getByRole('textbox', { name: 'Product type' });
    await ownerType.fill('Aprons');
    await maya.page.getByRole('textbox', { name: 'Vendor' }).fill('Maya Textiles');
    await maya.page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await maya.page.getByText('Product saved').waitFor();

    const reload = owner.page.getByRole('button', { name: 'Maya Lee changed this — reload' });
    await reload.waitFor();
    // The banner changed nothing in the form.
    expect(await ownerType.inputValue()).toBe('Aprons');
    expect(await owner.page.getByRole('textbox', { name: 'Vendor' }).inputValue()).toBe('');
    await shot(owner.page, 'live-product-changed-desktop');
    await shot(maya.page, 'live-product-presence-phone');
    // Maya's own phone shows no notice for her own change.
    expect(await maya.page.getByRole('button', { name: /changed this — reload/ }).count()).toBe(0);

    await reload.click();
    await expect
      .poll(() => owner.page.getByRole('textbox', { name: 'Vendor' }).inputValue())
      .toBe('Maya Textiles');
    expect(await ownerType.inputValue()).toBe('Aprons');
    expect(await reload.count()).toBe(0);
    // Saving now sends the reloaded version: no "someone else changed this" refusal, both kept.
    await owner.page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await owner.page.getByText('Product saved').waitFor();
    const saved = await api.request<{ product: { vendor: string; productType: string } }>(
      `query($id: ID!) { product(id: $id) { vendor productType } }`,
      { id: productId },
    );
    expect(saved.product).toEqual({ vendor: 'Maya Textiles', productType: 'Aprons' });

    // The variant page says the same, for the same product.
    const variantListening = streamOpen(maya.page, 'ProductUpdatedLive');
    await maya.page.goto(`/products/${productId}/variants/${variantId}`);
    await variantListening;
    await maya.page.getByRole('img', { name: 'Store owner has this product open' }).waitFor();
    await owner.page.getByRole('textbox', { name: 'Title', exact: true }).fill('Linen Apron, washed');
    await owner.page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await maya.page.getByRole('button', { name: 'Store owner changed this — reload' }).click();
    await maya.page.getByText('Linen Apron, washed').first().waitFor();
    await owner.context.close();
    await maya.context.close();
  });

  it("Home's work queue counts move when an order is placed elsewhere, without a reload", async () => {
    for (const [viewport, name] of [
      [undefined, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, context } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      const listening = streamOpen(page, 'StoreChangedLive');
      await page.goto('/');
      const toFulfill = page.getByTestId('queue-ordersToFulfill');
      await toFulfill.waitFor();
      await listening;
      const unpaid = page.getByTestId('queue-unpaidOrders');
      const count = async (item: typeof toFulfill) =>
        Number(/: (\d+)/.exec((await item.getAttribute('aria-label')) ?? '')?.[1]);
      const [before, unpaidBefore] = [await count(toFulfill), await count(unpaid)];
      // A mark that a page load would wipe.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

      await placeOrderFor(api, 'Ada Park', { lines: [{ variantId, quantity: 1 }] });
      await expect.poll(() => toFulfill.getAttribute('aria-label')).toBe(`Orders to fulfill: ${before + 1}`);
      expect(await unpaid.getAttribute('aria-label')).toBe(`Unpaid orders: ${unpaidBefore + 1}`);
      expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
      await shot(page, `live-home-${name}`);
      await context.close();
    }
  });
});
