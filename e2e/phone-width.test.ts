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
import { DESKTOP, launchBrowser, newPage, type Viewport } from './support/browser';
import { shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PHONE_390: Viewport = { width: 390, height: 844 };

async function must(api: Api, mutation: string, variables: Record<string, unknown>): Promise<unknown> {
  const data = await api.request<Record<string, { userErrors: { message: string }[] }>>(mutation, variables);
  const payload = Object.values(data)[0]!;
  if (payload.userErrors.length) throw new Error(JSON.stringify(payload.userErrors));
  return payload;
}

/** How far the page scrolls sideways: nothing may be wider than the phone (issue #26 §4). */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe('screens on a 390 px phone, with data', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const owner = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(owner, 'Main warehouse on the harbour front');
    await createLocation(owner, 'Back room');
    const long = await createProduct(owner, {
      title: 'Extra-long heavyweight organic linen apron with leather straps and brass rivets',
      sku: 'APRON-LINEN-HEAVYWEIGHT-ORGANIC-001',
    });
    const board = await createProduct(owner, { title: 'Oak Board', sku: 'BOARD-1' });
    await receiveStock(owner, long.variantId, main, 120);
    await receiveStock(owner, board.variantId, main, 3);
    // An order commits stock: the history gets an "Order committed" row.
    await placeOrderFor(owner, 'Jane Cooper', { lines: [{ variantId: long.variantId, quantity: 2 }] });
    for (const code of ['SUMMER-SALE-2026-EVERYTHING-FIFTEEN', 'WELCOME10']) {
      await must(
        owner,
        `mutation($input: DiscountInput!) { discountCreate(input: $input) { userErrors { message } } }`,
        { input: { code, kind: 'PERCENTAGE', value: '15', appliesTo: 'ALL' } },
      );
    }
    const zone = (await must(
      owner,
      `mutation($input: ShippingZoneInput!) { shippingZoneCreate(input: $input) { zone { id } userErrors { message } } }`,
      { input: { name: 'Domestic and neighbouring countries', countries: ['US', 'CA', 'MX'] } },
    )) as { zone: { id: string } };
    await must(
      owner,
      `mutation($zoneId: ID!, $input: ShippingRateInput!) { shippingRateCreate(zoneId: $zoneId, input: $input) { userErrors { message } } }`,
      { zoneId: zone.zone.id, input: { name: 'Standard ground, 3 to 5 working days', price: '5.00' } },
    );
    await must(
      owner,
      `mutation($input: TaxRateInput!) { taxRateCreate(input: $input) { userErrors { message } } }`,
      { input: { countryCode: 'US', region: 'CA', name: 'California state sales tax', rate: '7.25' } },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('no page is wider than the phone, and the tab rows show the current tab', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    const pages: { path: string; ready: () => Promise<unknown> }[] = [
      { path: '/inventory', ready: () => page.getByText('Oak Board').first().waitFor() },
      { path: '/inventory/history', ready: () => page.getByTestId('movement-row').first().waitFor() },
      { path: '/discounts', ready: () => page.getByText('WELCOME10').first().waitFor() },
      { path: '/settings', ready: () => page.getByRole('textbox', { name: 'Store name' }).waitFor() },
      { path: '/settings/locations', ready: () => page.getByText('Back room').first().waitFor() },
      {
        path: '/settings/shipping',
        ready: () =>
          page
            .getByText(/Domestic and neighbouring/)
            .first()
            .waitFor(),
      },
      {
        path: '/settings/taxes',
        ready: () => page.getByText('California state sales tax').first().waitFor(),
      },
      { path: '/settings/staff', ready: () => page.getByTestId('staff-row').first().waitFor() },
      { path: '/settings/roles', ready: () => page.getByTestId('role-row').first().waitFor() },
      { path: '/settings/audit', ready: () => page.getByRole('heading', { name: 'Settings' }).waitFor() },
      { path: '/settings/api-tokens', ready: () => page.getByText('No API tokens yet').waitFor() },
      { path: '/settings/jobs', ready: () => page.getByText('No jobs yet').waitFor() },
      { path: '/settings/webhooks', ready: () => page.getByText('No webhooks yet').waitFor() },
      {
        path: '/settings/notifications',
        ready: () =>
          page
            .getByRole('link', { name: /Order confirmation/ })
            .first()
            .waitFor(),
      },
      {
        path: '/settings/documents',
        ready: () => page.getByRole('textbox', { name: 'Invoice numbers' }).waitFor(),
      },
      { path: '/pack', ready: () => page.getByRole('textbox', { name: /Order number/ }).waitFor() },
      { path: '/products/bulk-edit', ready: () => page.getByTestId('bulk-phone-form').waitFor() },
    ];
    for (const { path, ready } of pages) {
      await page.goto(path);
      await ready();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE_390.width);
      // The account button stays on the screen.
      const accountRight = async () => {
        const box = await page.getByTestId('user-menu').boundingBox();
        return box ? box.x + box.width : Infinity;
      };
      await expect.poll(accountRight, { message: path }).toBeLessThanOrEqual(PHONE_390.width);
      await shot(page, `phone-390${path.replaceAll('/', '-')}`);
    }

    // The last settings tab is off the screen at first; on its page it is scrolled into view and
    // the row fades on the side with more tabs.
    await page.goto('/settings/documents');
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    const current = tabs.locator('[aria-current="page"]');
    await page.getByRole('textbox', { name: 'Invoice numbers' }).waitFor();
    expect(await current.textContent()).toBe('Documents');
    const box = (await current.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE_390.width);
    await expect.poll(() => tabs.getAttribute('data-more')).toBe('start');
    await page.goto('/settings');
    await page.getByRole('textbox', { name: 'Store name' }).waitFor();
    await expect.poll(() => tabs.getAttribute('data-more')).toBe('end');

    // The discount status tabs: the same.
    await page.goto('/discounts');
    const status = page.getByRole('radiogroup');
    await status.waitFor();
    await expect.poll(() => status.locator('xpath=..').getAttribute('data-more')).toBe('end');

    // A stock card's Transfer button keeps its whole label; the long location name gives way.
    await page.goto('/inventory');
    const transfer = page.getByTestId('transfer-open').first();
    await transfer.waitFor();
    expect(await transfer.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await context.close();
  });

  it('shows the whole reason of a stock movement on a desktop', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/inventory/history');
    const badge = page.getByTestId('movement-table').getByText('Order committed', { exact: true });
    await badge.waitFor();
    // Not cut to "ORDER COMMITT…": the label is as wide as its words.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await badge.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
    await shot(page, 'history-desktop');
    await context.close();
  });
});
