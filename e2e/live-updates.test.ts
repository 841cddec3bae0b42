import type { Browser } from 'playwright-core';
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

const PACKER = { email: 'pat@example.com', name: 'Pat Packer', password: 'boxes-and-tape-all-day-4' };

/**
 * Issue #28 §3 in the browser: two people at once. An order placed elsewhere shows as a toast and
 * "1 new order — show" above the list (which does not move until asked); an order changed by
 * someone else shows "<name> changed this — reload" on its page.
 */
describe('live updates', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let variantId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...PACKER, roleKeys: ['fulfillment'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    variantId = apron.variantId;
    await receiveStock(api, variantId, main, 100);
    await placeOrderFor(api, 'First Buyer', { lines: [{ variantId, quantity: 1 }] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a new order placed by someone else: a toast and "1 new order — show"; show brings it in', async () => {
    const { page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/orders');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    // The stream opens with the screen; an order placed before it would not count.
    await page.waitForTimeout(500);
    const packer = await signedInApi(server.url, PACKER.email, PACKER.password);
    const placed = await placeOrderFor(packer, 'Second Buyer', { lines: [{ variantId, quantity: 2 }] });
    const show = page.getByRole('button', { name: '1 new order — show' });
    await show.waitFor();
    await page.getByText(`${placed.name} was placed by Pat Packer.`).waitFor();
    // The list has not moved under the cursor.
    expect(await page.getByTestId('order-row').count()).toBe(1);
    await shot(page, 'live-new-orders-desktop');
    await show.click();
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
    await expect.poll(() => show.count()).toBe(0);
  });

  it('an order changed in another browser shows "<name> changed this — reload"; reload shows the change', async () => {
    const order = await placeOrderFor(api, 'Third Buyer', { lines: [{ variantId, quantity: 1 }] });
    const owner = await newPage(browser, server.url);
    await signIn(owner.page, server.ownerEmail, server.ownerPassword);
    await owner.page.goto(`/orders/${order.id}`);
    await owner.page.getByRole('heading', { name: order.name, level: 1 }).waitFor();
    const packer = await newPage(browser, server.url, PHONE);
    await signIn(packer.page, PACKER.email, PACKER.password);
    await packer.page.goto(`/orders/${order.id}`);
    await packer.page.getByRole('heading', { name: order.name, level: 1 }).waitFor();
    // Each sees the other's avatar (presence).
    await owner.page.getByRole('img', { name: 'Pat Packer has this order open' }).waitFor();
    await packer.page.getByRole('img', { name: 'Store owner has this order open' }).waitFor();
    // The packer comments from their own browser (through the API with their session).
    const packerApi = await signedInApi(server.url, PACKER.email, PACKER.password);
    await packerApi.request(
      `mutation($id: ID!) { orderCommentAdd(id: $id, body: "Packed with care") { userErrors { message } } }`,
      {
        id: order.id,
      },
    );
    const reload = owner.page.getByRole('button', { name: 'Pat Packer changed this — reload' });
    await reload.waitFor();
    await shot(owner.page, 'live-order-changed-desktop');
    // The packer's own phone shows no notice for their own change.
    expect(await packer.page.getByRole('button', { name: /changed this — reload/ }).count()).toBe(0);
    await shot(packer.page, 'live-order-phone');
    await reload.click();
    await owner.page.getByText('Packed with care').waitFor();
    await expect.poll(() => reload.count()).toBe(0);
  });
});
