import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi } from './support/api';
import { DESKTOP, launchBrowser, newPage, type Viewport } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const FULFILLMENT = { email: 'fran@example.com', name: 'Fran Fulfil', password: 'packing-boxes-all-day-7' };
const PHONE_390: Viewport = { width: 390, height: 844 };

/** Every button that would change something on the settings screens, by its name. */
const WRITE_BUTTONS =
  /^(Invite staff|New role|Copy|Edit|Delete|Make a token|Revoke|Add zone|Add tax rate|Add location|Save settings|Create discount|New discount)$/;

/**
 * Issue #26: a person reaching a screen by URL without the permission to change it sees no button
 * they may not use, the tab of the page shown, and a permission error without Retry.
 */
describe('screens follow the permissions of a Fulfillment member', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...FULFILLMENT, roleKeys: ['fulfillment'] });
    const owner = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(owner, 'Main warehouse');
    const apron = await createProduct(owner, { title: 'Linen Apron', sku: 'APRON-1' });
    await receiveStock(owner, apron.variantId, main, 5);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function writeButtons(page: Page): Promise<string[]> {
    const names = await page.getByRole('main').getByRole('button').allTextContents();
    return names.map((n) => n.trim()).filter((n) => WRITE_BUTTONS.test(n));
  }

  async function currentTab(page: Page): Promise<string | null> {
    const tab = page.getByRole('navigation', { name: 'Settings sections' }).locator('[aria-current="page"]');
    return (await tab.count()) ? ((await tab.textContent())?.trim() ?? null) : null;
  }

  const STAFF_PAGES = [
    { path: '/settings/staff', tab: 'Staff' },
    { path: '/settings/roles', tab: 'Roles' },
    { path: '/settings/api-tokens', tab: 'API tokens' },
  ];

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const) {
    it(`offers no staff action and no Retry on the staff screens (${label})`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
      for (const { path, tab } of STAFF_PAGES) {
        await page.goto(path);
        const error = page.getByTestId('error-state');
        await error
          .getByText("You don't have permission to manage staff. Ask a staff manager for STAFF_MANAGE.")
          .waitFor();
        expect(await error.getByRole('button', { name: 'Retry' }).count(), path).toBe(0);
        expect(await writeButtons(page), path).toEqual([]);
        expect(await currentTab(page), path).toBe(tab);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        );
        await shot(page, `forbidden-${path.split('/').pop()}-${label}`);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`shows the settings they may read without a way to change them (${label})`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, FULFILLMENT.email, FULFILLMENT.password);
      await page.goto('/settings');
      await page.getByRole('textbox', { name: 'Store name' }).waitFor();
      expect(await currentTab(page)).toBe('Store');
      expect(await writeButtons(page)).toEqual([]);
      for (const { path, tab, says } of [
        { path: '/settings/shipping', tab: 'Shipping', says: 'Changing shipping needs SETTINGS_WRITE.' },
        { path: '/settings/taxes', tab: 'Taxes', says: 'Changing taxes needs SETTINGS_WRITE.' },
      ]) {
        await page.goto(path);
        await page.getByText(says).first().waitFor();
        expect(await currentTab(page), path).toBe(tab);
        expect(await writeButtons(page), path).toEqual([]);
      }
      await page.goto('/settings/locations');
      await page.getByText('Main warehouse').first().waitFor();
      expect(await currentTab(page)).toBe('Locations');
      // Fulfillment holds INVENTORY_WRITE: adding a location is theirs.
      expect(await page.getByRole('button', { name: 'Add location' }).count()).toBe(1);

      // Discounts need DISCOUNTS_READ, which Fulfillment lacks.
      await page.goto('/discounts');
      const error = page.getByTestId('error-state');
      await error
        .getByText(/You don't have permission to .*Ask a staff manager for DISCOUNTS_READ\./)
        .waitFor();
      expect(await error.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      expect(await writeButtons(page)).toEqual([]);
      await shot(page, `forbidden-discounts-${label}`);
      await context.close();
    });
  }
});
