import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const SUPPORT = { email: 'help@example.com', name: 'Hal Help', password: 'kind-words-every-day-8' };

describe('locations', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    await createLocation(api, 'Downtown store');
    const { variantId } = await createProduct(api, { title: 'Linen shirt', sku: 'LIN-001' });
    await receiveStock(api, variantId, main, 4);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const names = async (page: import('playwright-core').Page) =>
    (await page.getByTestId('location-row').getByRole('link').allTextContents()).map((t) => t.trim());

  it('reorders by priority, adds a location, and shows why a stocked one cannot be deactivated', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('link', { name: 'Locations' }).click();
    await page.getByTestId('location-row').nth(1).waitFor();
    expect(await names(page)).toEqual(['Main warehouse', 'Downtown store']);

    await page.getByRole('button', { name: 'Move Downtown store up' }).click();
    await page.getByText('Downtown store is now number 1.').waitFor();
    await expect.poll(() => names(page)).toEqual(['Downtown store', 'Main warehouse']);

    await page.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add location' });
    // Every failing field at once, before anything is sent.
    await dialog.getByRole('textbox', { name: 'Postal code' }).fill('9'.repeat(40));
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await dialog.getByText('Enter a name.').waitFor();
    await dialog.getByText('Use at most 32 characters.').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Overflow unit');
    await dialog.getByRole('textbox', { name: 'Postal code' }).fill('94107');
    await dialog.getByRole('combobox', { name: 'Country', exact: true }).fill('United States');
    await page.getByRole('option', { name: 'United States', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('location-row').nth(2).waitFor();
    expect(await names(page)).toEqual(['Downtown store', 'Main warehouse', 'Overflow unit']);

    await page.getByRole('link', { name: 'Main warehouse' }).click();
    await page.getByRole('heading', { level: 1, name: 'Main warehouse' }).waitFor();
    await page.getByRole('button', { name: 'Deactivate location' }).click();
    await page
      .getByRole('alert')
      .getByText(/still holds 4 units/)
      .waitFor();
    await context.close();
  });

  it('lets any staff member read locations but not change them', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/settings/locations');
    await page.getByTestId('location-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add location' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Move .* (up|down)/ }).count()).toBe(0);
    await context.close();
  });
});
