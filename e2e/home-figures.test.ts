import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, placeOrderFor, receiveStock, signedInApi } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { seriousViolations, shot, wideElements } from './support/look';

/**
 * Issue #26 §1.3/§1.4 on Home: net sales with its breakdown (gross − discounts − returns, then
 * shipping and taxes), two products with one title told apart, and low stock counting only where
 * an item is stocked, with the rule said on screen.
 */
describe('home: figures merchants read as their reports do', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    // Two more locations that never stock the raincoats: their empty levels are not low stock.
    await createLocation(api, 'Pier shop');
    await createLocation(api, 'Depot');
    const harbor = await createProduct(api, {
      title: 'Harbor Wool Raincoat',
      vendor: 'Harbor Supply',
      sku: 'HWR-H',
    });
    const loom = await createProduct(api, {
      title: 'Harbor Wool Raincoat',
      vendor: 'North Loom',
      sku: 'HWR-N',
    });
    await receiveStock(api, harbor.variantId, main, 50);
    await receiveStock(api, loom.variantId, main, 5);
    await api.request(
      `mutation { taxRateCreate(input: { countryCode: "US", name: "Sales tax", rate: "10" }) { userErrors { message } } }`,
    );
    const zone = await api.request<any>(
      `mutation { shippingZoneCreate(input: { name: "United States", countries: ["US"] }) { zone { id } } }`,
    );
    const rate = await api.request<any>(
      `mutation($z: ID!) { shippingRateCreate(zoneId: $z, input: { name: "Standard", price: "5.00" }) { rate { id } } }`,
      { z: zone.shippingZoneCreate.zone.id },
    );
    const shippingRateId = rate.shippingRateCreate.rate.id;
    await api.request(
      `mutation($s: DateTime) { discountCreate(input: { code: "SAVE10", kind: PERCENTAGE, value: "10", appliesTo: ALL, startsAt: $s }) { userErrors { message } } }`,
      { s: new Date(Date.now() - 86_400_000).toISOString() },
    );
    // 30.00 of raincoats, 3.00 off, 5.00 shipping, 10 % tax; one 10.00 coat refunded (9.00 after its discount).
    const paid = await placeOrderFor(api, 'Jane Cooper', {
      lines: [
        { variantId: harbor.variantId, quantity: 2 },
        { variantId: loom.variantId, quantity: 1 },
      ],
      shippingRateId,
      discountCode: 'SAVE10',
      payment: { kind: 'SALE' },
    });
    const lines = await api.request<any>(`query($id: ID!) { order(id: $id) { lines { id } } }`, {
      id: paid.id,
    });
    const refunded = await api.request<any>(
      `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { userErrors { message } } }`,
      { input: { orderId: paid.id, lines: [{ lineId: lines.order.lines[0].id, quantity: 1 }] } },
    );
    expect(refunded.orderRefund.userErrors).toEqual([]);
    // Placed and cancelled today: a 10.00 sale and its 10.00 return.
    const cancelled = await placeOrderFor(api, 'Wade Warren', {
      lines: [{ variantId: harbor.variantId, quantity: 1 }],
      shippingRateId,
    });
    const cancel = await api.request<any>(
      `mutation($id: ID!) { orderCancel(id: $id) { userErrors { message } } }`,
      {
        id: cancelled.id,
      },
    );
    expect(cancel.orderCancel.userErrors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens the net sales breakdown, tells same-titled products apart and says the low-stock rule', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/');
    const net = page.getByTestId('figure-net-sales');
    await net.getByText('$18.00', { exact: true }).waitFor();
    await net.getByText('$25.30 total sales with shipping and taxes').waitFor();
    expect(await page.getByTestId('sales-breakdown').count()).toBe(0);
    const toggle = net.getByRole('button', { name: 'Show breakdown' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const breakdown = page.getByTestId('sales-breakdown');
    await breakdown.waitFor();
    const row = async (key: string) =>
      (await breakdown.getByTestId(`breakdown-${key}`).locator('th, td').allInnerTexts()).slice(0, 3);
    expect(await row('grossSales')).toEqual(['Gross sales', '$40.00', '$0.00']);
    expect(await row('discounts')).toEqual(['Discounts', '−$3.00', '$0.00']);
    expect(await row('returns')).toEqual(['Returns', '−$19.00', '$0.00']);
    expect(await row('netSales')).toEqual(['Net sales', '$18.00', '$0.00']);
    expect(await row('shipping')).toEqual(['Shipping', '$5.00', '$0.00']);
    expect(await row('taxes')).toEqual(['Taxes', '$2.30', '$0.00']);
    expect(await row('totalSales')).toEqual(['Total sales', '$25.30', '$0.00']);
    await breakdown.getByText(/store’s time zone/).waitFor();
    expect(await net.getByRole('button', { name: 'Hide breakdown' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    const top = page.getByRole('region', { name: 'Top products' });
    expect(await top.getByRole('link').allTextContents()).toEqual([
      'Harbor Wool Raincoat',
      'Harbor Wool Raincoat',
    ]);
    // Both 9.00 of net sales (Harbor's: 18.00 sold, 9.00 refunded, 10.00 sold and cancelled): older first.
    expect(await top.getByTestId('top-product-detail').allTextContents()).toEqual([
      'Harbor Supply',
      'North Loom',
    ]);

    expect(await page.getByTestId('queue-lowStock').getAttribute('aria-label')).toBe('Low stock: 1');
    const low = page.getByRole('region', { name: 'Low stock' });
    await low.getByText(/at each location that stocks them/).waitFor();
    await low.getByText('4 left').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'home-figures-desktop');
    await context.close();

    const phone = await newPage(browser, server.url, PHONE);
    await signIn(phone.page, server.ownerEmail, server.ownerPassword);
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Show breakdown' }).click();
    await phone.page.getByTestId('sales-breakdown').waitFor();
    expect(await wideElements(phone.page)).toEqual([]);
    await shot(phone.page, 'home-figures-phone');
    await phone.context.close();
  });
});
