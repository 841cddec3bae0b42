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
import { launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SUPPORT = { email: 'sam@example.com', name: 'Sam Support', password: 'support-pass-long-42' };
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lee',
  line1: '1 Main St',
  city: 'Lyon',
  postalCode: '69001',
  countryCode: 'FR',
};

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const viewId = (page: Page) => new URL(page.url()).searchParams.get('view');

describe('saved views', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1' });
    await receiveStock(api, board.variantId, main, 10);
    for (const email of ['ada@example.com', 'bo@example.com'])
      await placeOrder(api, {
        email,
        shippingAddress: ADDRESS,
        lines: [{ variantId: board.variantId, quantity: 1 }],
      });
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('saves a shared view with its columns, which others see, cannot change, and copy', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/orders');
    await page.getByTestId('order-row').first().waitFor();
    await page.getByRole('textbox', { name: /Search orders/ }).fill('status:open');
    await page.getByRole('textbox', { name: /Search orders/ }).press('Enter');
    await page.waitForURL(/q=status%3Aopen/);
    // The built-in "Open" tab is this search; nothing to save until it differs.
    await expect.poll(() => tab(page, 'Open').getAttribute('aria-selected')).toBe('true');

    // Columns: add Country (last), move it above Tags, then drop Tags.
    await page.getByRole('button', { name: 'Columns' }).click();
    // Each click changes the URL's cols=, and the boxes follow it.
    await page.getByRole('checkbox', { name: 'Country' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Country' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Move Country up' }).click();
    await page.getByRole('checkbox', { name: 'Tags' }).click();
    // Payment on its own too (beside the combined column).
    await page.getByRole('checkbox', { name: 'Payment', exact: true }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('cols'))
      .toBe('number,date,customer,total,status,items,country,payment');
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Country' }).waitFor();
    await page.getByRole('columnheader', { name: 'Payment', exact: true }).waitFor();
    // An open order's payment badge twice: in the combined column and in its own.
    await expect
      .poll(() => page.getByTestId('order-row').first().getByTestId('payment-status').count())
      .toBe(2);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Tags' }).count()).toBe(0);
    await page.getByRole('cell', { name: 'France' }).first().waitFor();

    await page.getByRole('button', { name: 'Save as view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Open orders');
    await dialog.getByRole('checkbox', { name: 'Share with all staff' }).check();
    await shot(page, 'saved-views-save-1280');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => viewId(page)).toMatch(/^svw_/);
    await expect.poll(() => tab(page, 'Open orders').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: 'Save as view' }).count()).toBe(0);

    // Reload: the same view, search and columns.
    await page.reload();
    await expect.poll(() => tab(page, 'Open orders').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('textbox', { name: /Search orders/ }).inputValue()).toBe('status:open');
    await page.getByRole('columnheader', { name: 'Country' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Tags' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'saved-views-orders-1280');

    // A built-in tab leaves the view.
    await tab(page, 'All').click();
    await expect.poll(() => viewId(page)).toBeNull();
    await tab(page, 'Open orders').click();
    await expect.poll(() => viewId(page)).toMatch(/^svw_/);
    const shared = viewId(page)!;
    await context.close();

    // Sam (Support, no VIEWS_MANAGE) sees it from a shared URL naming only the view, can't change it.
    const phone = await newPage(browser, server.url, PHONE);
    const sam = phone.page;
    await signIn(sam, SUPPORT.email, SUPPORT.password);
    await sam.goto(`/orders?view=${shared}`);
    await expect.poll(() => tab(sam, 'Open orders').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => new URL(sam.url()).searchParams.get('q')).toBe('status:open');
    await sam.getByRole('button', { name: 'Actions for view Open orders' }).click();
    const menu = sam.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Duplicate as private' }).waitFor();
    for (const hidden of ['Rename', 'Delete', 'Unshare', 'Update with current search'])
      expect(await menu.getByRole('menuitem', { name: hidden }).count()).toBe(0);
    await shot(sam, 'saved-views-menu-390');
    await menu.getByRole('menuitem', { name: 'Duplicate as private' }).click();
    const copy = sam.getByRole('dialog', { name: 'Duplicate as private' });
    expect(await copy.getByRole('checkbox', { name: 'Share with all staff' }).count()).toBe(0);
    await copy.getByRole('textbox', { name: 'Name' }).fill('My open orders');
    await copy.getByRole('button', { name: 'Save my copy' }).click();
    await copy.waitFor({ state: 'detached' });
    await expect.poll(() => tab(sam, 'My open orders').getAttribute('aria-selected')).toBe('true');
    expect(viewId(sam)).not.toBe(shared);
    // The copy is Sam's: the menu offers Rename and Delete now.
    await sam.getByRole('button', { name: 'Actions for view My open orders' }).click();
    await sam.getByRole('menuitem', { name: 'Rename' }).waitFor();
    await sam.keyboard.press('Escape');
    expect(await seriousViolations(sam)).toEqual([]);
    await shot(sam, 'saved-views-orders-390');
    await phone.context.close();

    // The owner deletes the shared view.
    const again = await newPage(browser, server.url, DESKTOP);
    await signIn(again.page, server.ownerEmail, server.ownerPassword);
    await again.page.goto(`/orders?view=${shared}`);
    await again.page.getByRole('button', { name: 'Actions for view Open orders' }).click();
    await again.page.getByRole('menuitem', { name: 'Delete' }).click();
    await again.page
      .getByRole('dialog', { name: 'Delete view' })
      .getByRole('button', { name: 'Delete view' })
      .click();
    await expect.poll(() => viewId(again.page)).toBeNull();
    await tab(again.page, 'Open orders').waitFor({ state: 'detached' });
    await again.context.close();
  });

  it('keeps a private products view with its columns, and shows views on the other lists', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/products?q=board');
    await page.getByTestId('product-row').first().waitFor();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Price' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Price' }).isChecked()).toBe(true);
    await shot(page, 'saved-views-columns-1280');
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Price' }).waitFor();
    await page.getByRole('button', { name: 'Save as view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Boards');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => tab(page, 'Boards').getAttribute('aria-selected')).toBe('true');
    // Make it the default: /products with nothing in its URL opens on it.
    await page.getByRole('button', { name: 'Actions for view Boards' }).click();
    await page.getByRole('menuitem', { name: 'Make my default' }).click();
    await page.getByText('The list opens on “Boards” for you.').waitFor();
    await page.goto('/products');
    await expect.poll(() => tab(page, 'Boards').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('columnheader', { name: 'Price' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'saved-views-products-1280');
    await context.close();

    const phone = await newPage(browser, server.url, PHONE);
    await signIn(phone.page, server.ownerEmail, server.ownerPassword);
    await phone.page.goto('/products');
    await expect.poll(() => tab(phone.page, 'Boards').getAttribute('aria-selected')).toBe('true');
    await shot(phone.page, 'saved-views-products-390');
    await phone.page.goto('/customers?q=ada');
    await phone.page.getByRole('button', { name: 'Save as view' }).waitFor();
    await shot(phone.page, 'saved-views-customers-390');
    await phone.context.close();
  });
});
