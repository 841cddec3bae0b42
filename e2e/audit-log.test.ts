import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, placeOrder, signedInApi, type Api } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot, shotOf } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const SUPPORT = { email: 'sue@example.com', name: 'Sue Port', password: 'kind-words-every-day-8' };

/** SPEC §2 /settings/audit: who changed what, found by area and search, and kept from those without AUDIT_READ. */
describe('the audit log', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const hat = await createProduct(api, { title: 'Wool Hat', sku: 'HAT-1' });
    await api.request(
      `mutation($id: ID!) { productUpdate(id: $id, input: { title: "Wool Beanie" }) { userErrors { message } } }`,
      { id: hat.productId },
    );
  });

  /** Issue #26: a cap in six variants whose one price changes, and an order refunded twice with restock. */
  let orderId = '';
  beforeAll(async () => {
    const colors = ['Black', 'White'];
    const sizes = ['S', 'M', 'L'];
    const made = await api.request<{
      productCreate: { product: { id: string; variants: { id: string; title: string }[] } };
    }>(
      `mutation($input: ProductInput!) { productCreate(input: $input) {
        product { id variants { id title } } userErrors { message } } }`,
      {
        input: {
          title: 'Slim Leather Cap',
          status: 'ACTIVE',
          options: [
            { name: 'Color', values: colors },
            { name: 'Size', values: sizes },
          ],
          variants: colors.flatMap((c) =>
            sizes.map((z) => ({ optionValues: [c, z], price: '25.00', sku: `CAP-${c[0]}${z}` })),
          ),
        },
      },
    );
    const product = made.productCreate.product;
    await api.request(
      `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`,
      {
        id: product.id,
        input: {
          variants: product.variants.map((v) => ({
            id: v.id,
            price: v.title === 'Black / M' ? '27.00' : '25.00',
          })),
        },
      },
    );
    const main = await createLocation(api, 'Main warehouse');
    const blackM = product.variants.find((v) => v.title === 'Black / M')!.id;
    await api.request(
      `mutation($input: InventoryAdjustInput!) { inventoryAdjust(input: $input) { userErrors { message } } }`,
      { input: { reason: 'RECEIVED', changes: [{ variantId: blackM, locationId: main, delta: 5 }] } },
    );
    const order = await placeOrder(api, {
      email: 'ada@example.com',
      lines: [{ variantId: blackM, quantity: 3 }],
      payment: { kind: 'SALE' },
    });
    orderId = order.id;
    await api.request(
      `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) { userErrors { message } } }`,
      { input: { orderId } },
    );
    const line = (
      await api.request<{ order: { lines: { id: string }[] } }>(
        `query($id: ID!) { order(id: $id) { lines { id } } }`,
        { id: orderId },
      )
    ).order.lines[0]!.id;
    for (let i = 0; i < 2; i++)
      await api.request(
        `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { userErrors { message } } }`,
        { input: { orderId, lines: [{ lineId: line, quantity: 1, restock: true }] } },
      );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the owner a product change field by field, and opens the product from it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByTestId('audit-event').first().waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Products$/ })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('action:product');
    const update = page.getByTestId('audit-event').filter({ hasText: 'Product update' });
    await update.getByTestId('audit-changes').getByText('Wool Hat').waitFor();
    await update.getByTestId('audit-changes').getByText('Wool Beanie').waitFor();
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(4);
    await page.mouse.move(600, 500);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'audit-log-desktop');

    // The same events as a file.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const actions = fs
      .readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(actions[0]).toBe('product.update');
    expect(new Set(actions)).toEqual(new Set(['product.update', 'product.create']));

    await page.getByRole('textbox', { name: 'Search the audit log' }).fill('action:product.update');
    await page.getByRole('textbox', { name: 'Search the audit log' }).press('Enter');
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(2);
    await update.getByRole('link', { name: /Product · Wool Beanie/ }).click();
    await page.waitForURL(/\/products\/prod_/);
    // The product's own page tells the same story.
    await page.getByTestId('product-history').getByText('Title: Wool Hat → Wool Beanie').waitFor();
    await context.close();
  });

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', { width: 390, height: 844 }],
  ] as const)
    it(`shows only what changed, in words, in the log and on the order's timeline (${device})`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      await page.goto('/settings/audit?q=action%3Aproduct.update');
      const cap = page.getByTestId('audit-event').filter({ hasText: 'Slim Leather Cap' });
      await cap.waitFor();
      // One price changed: one line, not the six variants.
      const rows = cap.getByTestId('audit-change');
      await expect
        .poll(() => rows.allInnerTexts())
        .toEqual([expect.stringMatching(/Price of Black \/ M\s+\$25\.00 → \$27\.00/)]);
      await shot(page, `audit-price-${device}`);

      await page.goto('/settings/audit?q=action%3Aorder');
      const refunds = page.getByTestId('audit-event').filter({ hasText: 'Order refund' });
      await expect.poll(() => refunds.count()).toBe(2);
      const text = (await page.getByTestId('audit-changes').allInnerTexts()).join('\n');
      expect(text).toContain('1 × Slim Leather Cap, restocked at Main warehouse');
      expect(text).toContain('Partially refunded');
      expect(text).toMatch(/\$25\.00|\$27\.00/);
      expect(text).not.toMatch(/PARTIALLY_REFUNDED|REFUNDED → REFUNDED|[{[]"|USD|[0-9a-f]{8}-[0-9a-f]{4}-/);
      // Dates read one way: the app's, in the store's time zone.
      const format = await page.evaluate(() => {
        const when = document.querySelector(
          '[data-testid="audit-event"] .mantine-Text-root[style*="nowrap"]',
        );
        return when?.textContent ?? '';
      });
      expect(format).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `audit-refunds-${device}`);

      await page.goto(`/orders/${orderId}`);
      const timeline = page.getByTestId('order-timeline');
      await timeline
        .getByText('Refunded $27.00: 1 × Slim Leather Cap, restocked at Main warehouse')
        .first()
        .waitFor();
      expect(await timeline.getByText(/restocked at Main warehouse/).count()).toBe(2);
      expect(await timeline.innerText()).not.toMatch(/[{[]"|PARTIALLY_REFUNDED/);
      await shotOf(timeline, `order-timeline-${device}`);
      await context.close();
    });

  it('keeps the log from support, saying which permission it needs, on a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/settings');
    await page.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Audit log' })
        .count(),
    ).toBe(0);
    await page.goto('/settings/audit');
    await page
      .getByText(/staff manager for AUDIT_READ/)
      .first()
      .waitFor();
    await context.close();
  });
});
