import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot } from './support/look';
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
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(2);
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
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(1);
    await update.getByRole('link', { name: /Product · Wool Beanie/ }).click();
    await page.waitForURL(/\/products\/prod_/);
    // The product's own page tells the same story.
    await page.getByTestId('product-history').getByText('title: Wool Hat → Wool Beanie').waitFor();
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
