import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  placeOrder,
  receiveStock,
  signedInApi,
  type Api,
} from './support/api';
import { launchBrowser, newPage, PHONE, type Viewport } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

const WIDE: Viewport = { width: 1440, height: 900 };
const PHONE_390: Viewport = { ...PHONE, width: 390 };

/** What the link's URL answers in the signed-in browser: its status and content type. */
async function fetched(page: Page, href: string) {
  return page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type') };
  }, href);
}

describe('printing packing slips and pick lists (issue #33)', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let orderId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const lamp = await createProduct(api, { title: 'Brass lamp', sku: 'LAMP-1', status: 'ACTIVE' });
    await receiveStock(api, lamp.variantId, main, 20);
    const order = await placeOrder(api, {
      lines: [{ variantId: lamp.variantId, quantity: 2 }],
      email: 'mia@example.com',
      shippingAddress: {
        firstName: 'Mia',
        lastName: 'Wong',
        line1: '1 Main St',
        city: 'Columbus',
        postalCode: '43004',
        countryCode: 'US',
      },
    });
    orderId = order.id;
    for (let i = 0; i < 2; i++)
      await placeOrder(api, {
        lines: [{ variantId: lamp.variantId, quantity: 1 }],
        email: `buyer${i}@example.com`,
      });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['desktop', WIDE],
    ['phone', PHONE_390],
  ] as const)(
    'offers the slip on the order page and after shipping, per shipment (%s)',
    async (name, viewport) => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      await page.goto(`/orders/${orderId}`);
      const slip = page.getByRole('link', { name: 'Print packing slip' });
      await slip.waitFor();
      expect(await slip.getAttribute('target')).toBe('_blank');
      const href = (await slip.getAttribute('href'))!;
      expect(href).toBe(`/documents/packing-slips.pdf?orders=${orderId}`);
      expect(await fetched(page, href)).toEqual({ status: 200, type: 'application/pdf' });
      await shot(page, `docs-order-page-${name}`);
      await context.close();
    },
  );

  it('prints the selected orders from the list: packing slips and a pick list', async () => {
    const { context, page } = await newPage(browser, server.url, WIDE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/orders');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByRole('button', { name: 'Print' }).click();
    const pick = page.getByRole('menuitem', { name: 'Print pick list' });
    await pick.waitFor();
    await shot(page, 'docs-orders-print-menu-desktop');
    const href = (await pick.getAttribute('href'))!;
    expect(href).toMatch(/^\/documents\/pick-list\.pdf\?orders=ord_\w+%2Cord_\w+%2Cord_\w+$/);
    expect(await fetched(page, href)).toEqual({ status: 200, type: 'application/pdf' });
    await context.close();
  });

  it('has a Packing slip per shipment once shipped, and no Print packing slip when nothing is left', async () => {
    await api.request(
      `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) { userErrors { message } } }`,
      { input: { orderId } },
    );
    const { context, page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${orderId}`);
    const perShipment = page.getByTestId('fulfillment').getByRole('link', { name: 'Packing slip' });
    await perShipment.waitFor();
    const href = (await perShipment.getAttribute('href'))!;
    expect(href).toMatch(/^\/documents\/packing-slips\.pdf\?fulfillment=ful_/);
    expect(await fetched(page, href)).toEqual({ status: 200, type: 'application/pdf' });
    expect(await page.getByRole('link', { name: 'Print packing slip' }).count()).toBe(0);
    await shot(page, 'docs-order-shipped-phone');
    await context.close();
  });
});
