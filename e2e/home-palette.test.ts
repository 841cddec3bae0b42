import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  placeOrderFor,
  receiveStock,
  signedInApi,
  type PlacedOrder,
} from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { seriousViolations, shot } from './support/look';

const PACKER = { email: 'pat@example.com', name: 'Pat Packer', password: 'boxes-and-tape-all-day-4' };
const UNFULFILLED = 'status:open -fulfillment_status:fulfilled';

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  const box = page.getByRole('textbox', { name: 'Search or run a command' });
  await box.waitFor();
  return box;
}

describe('home, command palette and shortcuts', () => {
  let server: TestServer;
  let browser: Browser;
  let orders: PlacedOrder[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...PACKER, roleKeys: ['fulfillment'] });
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    const board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1' });
    const print = await createProduct(api, { title: 'Harbour Print', sku: 'PRINT-1' });
    await receiveStock(api, apron.variantId, main, 200);
    await receiveStock(api, board.variantId, main, 40);
    await receiveStock(api, print.variantId, main, 4);
    orders = [];
    const buyers = ['Jane Cooper', 'Wade Warren', 'Esther Howard', 'Cameron Lee', 'Leslie Alexander'];
    for (const [i, who] of buyers.entries()) {
      orders.push(
        await placeOrderFor(api, who, {
          lines: [
            { variantId: apron.variantId, quantity: 1 + i },
            ...(i % 2 ? [{ variantId: board.variantId, quantity: 1 }] : []),
          ],
          payment: i === 4 ? undefined : { kind: 'SALE' },
        }),
      );
    }
    await placeOrderFor(api, 'Guy Hawkins', { lines: [{ variantId: print.variantId, quantity: 1 }] });
    // One shipped: four of the six are left to fulfill.
    await api.request(
      `mutation($id: ID!) { orderFulfill(input: { orderId: $id }) { userErrors { message } } }`,
      {
        id: orders[0]!.id,
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows today's figures and work queue, and each figure opens its filtered list", async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/');
    const toFulfill = page.getByTestId('queue-ordersToFulfill');
    await toFulfill.waitFor();
    expect(await toFulfill.getAttribute('aria-label')).toBe('Orders to fulfill: 5');
    expect(await page.getByTestId('queue-unpaidOrders').getAttribute('aria-label')).toBe('Unpaid orders: 2');
    expect(await page.getByTestId('queue-lowStock').getAttribute('aria-label')).toBe('Low stock: 1');
    await page.getByTestId('figure-orders').getByText('6', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Top products' }).waitFor();
    await page.getByRole('heading', { name: 'Orders per day' }).waitFor();
    const top = page.getByRole('region', { name: 'Top products' });
    expect(await top.getByRole('link').allTextContents()).toEqual([
      'Linen Apron',
      'Oak Board',
      'Harbour Print',
    ]);
    const low = page.getByRole('region', { name: 'Low stock' });
    await low.getByText('3 left').waitFor();
    await page.locator('label', { hasText: '7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7d');
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'home-desktop');

    await toFulfill.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders');
    expect(new URL(page.url()).searchParams.get('q')).toBe(UNFULFILLED);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(5);
    await context.close();

    const phone = await newPage(browser, server.url, PHONE);
    await signIn(phone.page, server.ownerEmail, server.ownerPassword);
    await phone.page.goto('/?period=30d');
    await phone.page.getByTestId('queue-ordersToFulfill').waitFor();
    await phone.page.locator('.recharts-bar-rectangle').first().waitFor();
    await shot(phone.page, 'home-phone');
    await phone.context.close();
  });

  it('shows only the work queue to staff without reports', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, PACKER.email, PACKER.password);
    await page.goto('/');
    await page.getByTestId('queue-ordersToFulfill').waitFor();
    expect(await page.getByTestId('figure-net-sales').count()).toBe(0);
    expect(await page.getByRole('radio', { name: '7 days' }).count()).toBe(0);
    await context.close();
  });

  it('finds an order from the palette with the keyboard alone, opens it, and ] goes to the next one', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    // The list the order is opened "from": newest first, so after orders[2] comes orders[1].
    await page.goto('/orders');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(6);

    const box = await openPalette(page);
    await box.fill(orders[2]!.name);
    const hit = page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(`Order ${orders[2]!.name}`) });
    await hit.waitFor();
    await shot(page, 'palette-desktop');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${orders[2]!.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(orders[2]!.name) }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.keyboard.press(']');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${orders[1]!.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(orders[1]!.name) }).waitFor();
    await page.keyboard.press('[');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${orders[2]!.id}`);

    // Opened records come back as "Recently opened" on an empty palette.
    const empty = await openPalette(page);
    const recent = page.getByRole('dialog').getByRole('button', { name: new RegExp(orders[2]!.name) });
    await recent.waitFor();
    await empty.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Commands: typed and run with Enter — also while the search for the words is still on its way
    // and the order found by the earlier search is still shown above the commands: Enter waits for
    // what was typed for, and does not open that order.
    const slowSearch = async (route: Route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'GlobalSearch') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    };
    await page.route('**/graphql', slowSearch);
    const seen = await openPalette(page);
    await seen.fill(orders[2]!.name);
    await hit.waitFor();
    await seen.fill('go to inv');
    await page.getByRole('dialog').getByRole('button', { name: 'Go to inventory' }).waitFor();
    await page.getByRole('dialog').getByLabel('Searching').waitFor();
    await expect.poll(() => hit.isVisible(), { timeout: 1_000 }).toBe(true);
    await seen.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory');
    await page.unroute('**/graphql', slowSearch);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // More than a few results: the whole list, searched for the same words.
    const more = await openPalette(page);
    await more.fill('oak');
    await page.getByRole('dialog').getByRole('button', { name: 'Oak Board' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Search products for “oak”' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/products');
    expect(new URL(page.url()).searchParams.get('q')).toBe('oak');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);

    const none = await openPalette(page);
    await none.fill('zzqx');
    await page.getByRole('dialog').getByText('No records match “zzqx”.').waitFor();
    await context.close();
  });

  it('keeps what is typed right after Ctrl-K, and finds commands by any of their words', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/');
    await page.getByTestId('queue-ordersToFulfill').waitFor();
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('light');
    // No wait between the shortcut and the words: the palette's code is still loading.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('dark');
    await page.keyboard.press('Enter');
    await expect.poll(scheme).toBe('dark');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Again, with the palette's code loaded: still every key.
    await page.keyboard.press('Control+K');
    await page.keyboard.type('new product');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/products/new');

    const box = await openPalette(page);
    await box.fill('add customer');
    const first = page.getByRole('dialog').getByRole('button', { name: 'Create customer' });
    await first.waitFor();
    await shot(page, 'palette-synonyms-desktop');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/customers/new');
    await context.close();
  });

  it('g-keys go to lists, ? lists every shortcut, and neither fires while typing', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/');
    await page.getByTestId('queue-ordersToFulfill').waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/products');
    const search = page.getByRole('textbox', { name: /Search products/ });
    await search.waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('g o?');
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(await search.inputValue()).toBe('g o?');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await search.evaluate((el) => (el as HTMLInputElement).blur());
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (const label of ['Orders', 'Products', 'Customers', 'Inventory', 'Drafts', 'Search the list']) {
      await dialog.getByRole('cell', { name: label, exact: true }).waitFor();
    }
    // With the dialog open, g o does nothing.
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    expect(new URL(page.url()).pathname).toBe('/products');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/customers');

    // In a list, j moves to a row and Enter opens it; on the record, ] and [ walk that list.
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(3);
    const titles = await Promise.all(
      [0, 1, 2].map((i) => page.getByTestId('product-row').nth(i).getByRole('link').first().textContent()),
    );
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: titles[0]! }).waitFor();
    await page.keyboard.press(']');
    await page.getByRole('heading', { level: 1, name: titles[1]! }).waitFor();
    await page.keyboard.press('[');
    await page.getByRole('heading', { level: 1, name: titles[0]! }).waitFor();
    await context.close();
  });

  it('opens the palette on a phone from the header', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.getByRole('button', { name: 'Search or run a command' }).click();
    const box = page.getByRole('textbox', { name: 'Search or run a command' });
    await box.fill('apron');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Linen Apron/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'palette-phone');
    await context.close();
  });
});
