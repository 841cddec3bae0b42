import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  placeOrderFor,
  receiveStock,
  signedInApi,
  type Api,
  type PlacedOrder,
} from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

const PACKER = { email: 'pat@example.com', name: 'Pat Packer', password: 'boxes-and-tape-all-day-4' };
const ANALYST = { email: 'ana@example.com', name: 'Ana Lyst', password: 'numbers-all-day-long-7' };

const UNPAID_TAB =
  '-status:cancelled (payment_status:pending OR payment_status:authorized OR payment_status:partially_paid)';
const UNFULFILLED_TAB = 'status:open -fulfillment_status:fulfilled';
const NOT_PAID = ['Payment pending', 'Authorized', 'Partially paid'];
const FIRST_NAMES = [
  'Jane',
  'Wade',
  'Esther',
  'Cameron',
  'Leslie',
  'Guy',
  'Robert',
  'Kristin',
  'Cody',
  'Jenny',
];
/** Filler orders: with the four named ones below, one more than a page of 50. */
const FILLER = 50;
const TOTAL_ORDERS = FILLER + 4;

/** The names of the orders the API lists for a search and sort: what the screen must show. */
async function namesFromApi(api: Api, variables: Record<string, unknown>): Promise<string[]> {
  const data = await api.request<{ orders: { nodes: { name: string }[] } }>(
    `query($query: String, $sortKey: OrderSortKeys, $reverse: Boolean, $first: Int) {
      orders(query: $query, sortKey: $sortKey, reverse: $reverse, first: $first) { nodes { name } } }`,
    { first: 50, ...variables },
  );
  return data.orders.nodes.map((n) => n.name);
}

async function orderState(api: Api, id: string) {
  const data = await api.request<{
    order: { tags: string[]; status: string; fulfillmentStatus: string };
  }>(`query($id: ID!) { order(id: $id) { tags status fulfillmentStatus } }`, { id });
  return data.order;
}

/** Re-rendering a page of 50 rows can take a second on a busy 2-core machine; the default is 1 s. */

const rows = (page: Page) => page.getByTestId('order-row');
const rowNames = (page: Page) => rows(page).getByRole('link').allTextContents();
/** Each row's total, as a number of dollars. */
const rowTotals = async (page: Page) =>
  (await rows(page).allInnerTexts()).map((text) =>
    Number(/\$([\d,]+\.\d\d)/.exec(text)![1]!.replace(',', '')),
  );
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function search(page: Page, words: string) {
  const box = page.getByRole('textbox', { name: /Search orders/ });
  await box.fill(words);
  await box.press('Enter');
  await expect.poll(() => searchParam(page, 'q')).toBe(words);
}

describe('order list', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let mia: PlacedOrder;
  let archived: PlacedOrder;
  let prints: PlacedOrder[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...PACKER, roleKeys: ['fulfillment'] });
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    await createLocation(api, 'Back room');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    const board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1' });
    // Prints are only in the main warehouse: shipping them from the back room is refused.
    const print = await createProduct(api, { title: 'Harbour Print', sku: 'PRINT-1' });
    await receiveStock(api, apron.variantId, main, 500);
    await receiveStock(api, board.variantId, main, 20);
    await receiveStock(api, print.variantId, main, 2);

    for (let i = 0; i < FILLER; i++) {
      await placeOrderFor(api, `${FIRST_NAMES[i % FIRST_NAMES.length]!} Buyer${String(i)}`, {
        lines: [{ variantId: apron.variantId, quantity: 1 + (i % 7) }],
        payment: i % 3 === 0 ? undefined : { kind: i % 3 === 1 ? 'SALE' : 'AUTHORIZATION' },
      });
    }
    mia = await placeOrderFor(api, 'Mia Wong', {
      lines: [{ variantId: board.variantId, quantity: 1 }],
      payment: { kind: 'SALE' },
      tags: ['gift'],
    });
    archived = await placeOrderFor(api, 'Olive Archer', {
      lines: [{ variantId: board.variantId, quantity: 2 }],
      payment: { kind: 'SALE' },
    });
    await api.request(
      `mutation($id: ID!) { orderFulfill(input: { orderId: $id }) { userErrors { message } } }`,
      {
        id: archived.id,
      },
    );
    await api.request(`mutation($id: ID!) { orderClose(id: $id) { userErrors { message } } }`, {
      id: archived.id,
    });
    prints = [
      await placeOrderFor(api, 'Noah Print', { lines: [{ variantId: print.variantId, quantity: 1 }] }),
      await placeOrderFor(api, 'Ivy Print', { lines: [{ variantId: print.variantId, quantity: 1 }] }),
    ];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pages by cursor and sorts, keeping both in the URL across a reload', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/orders');
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByText(`${String(TOTAL_ORDERS)} orders`, { exact: true }).waitFor();
    // Newest first: the last order placed leads.
    expect((await rowNames(page))[0]).toBe(prints[1]!.name);
    await shot(page, 'orders-list-desktop');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => searchParam(page, 'after')).toBeTruthy();
    await expect.poll(() => rows(page).count()).toBe(TOTAL_ORDERS - 50);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(TOTAL_ORDERS - 50);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => searchParam(page, 'before')).toBeTruthy();
    await expect.poll(() => rows(page).count()).toBe(50);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Total' }).click();
    await expect.poll(() => searchParam(page, 'sort')).toBe('TOTAL');
    // A new sort starts again at the first page.
    expect(searchParam(page, 'before')).toBeNull();
    // Totals sort largest first until turned round.
    const biggest = await namesFromApi(api, { sortKey: 'TOTAL', first: 5 });
    await expect.poll(async () => (await rowNames(page)).slice(0, 5)).toEqual(biggest);
    const down = await rowTotals(page);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBeGreaterThan(down[49]!);

    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect.poll(() => searchParam(page, 'dir')).toBe('asc');
    const smallest = await namesFromApi(api, { sortKey: 'TOTAL', reverse: true, first: 5 });
    await expect.poll(async () => (await rowNames(page)).slice(0, 5)).toEqual(smallest);
    const up = await rowTotals(page);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await page.reload();
    await expect.poll(async () => (await rowNames(page)).slice(0, 5)).toEqual(smallest);
    await context.close();
  });

  it('shows saved views as tabs and keeps a search of one’s own', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/orders');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect.poll(() => tab('All').getAttribute('aria-selected')).toBe('true');

    await tab('Unpaid').click();
    await expect.poll(() => searchParam(page, 'q')).toBe(UNPAID_TAB);
    await expect.poll(() => tab('Unpaid').getAttribute('aria-selected')).toBe('true');
    const unpaid = await namesFromApi(api, { query: UNPAID_TAB });
    expect(unpaid.length).toBeGreaterThan(10);
    await expect.poll(() => rowNames(page)).toEqual(unpaid);
    for (const status of await rows(page).getByTestId('payment-status').allTextContents()) {
      expect(NOT_PAID).toContain(status);
    }

    await tab('Archived').click();
    await expect.poll(() => rowNames(page)).toEqual([archived.name]);
    await rows(page).getByText('Archived', { exact: true }).waitFor();

    await tab('Unfulfilled').click();
    await expect.poll(() => searchParam(page, 'q')).toBe(UNFULFILLED_TAB);
    await expect.poll(async () => (await rowNames(page)).includes(archived.name)).toBe(false);

    // A search of one's own chooses no tab; a SKU and a customer's name both find Mia's order.
    await search(page, 'BOARD-1');
    await expect.poll(() => page.getByRole('tab', { selected: true }).count()).toBe(0);
    await expect.poll(() => rowNames(page)).toEqual([archived.name, mia.name]);
    await search(page, 'mia');
    await expect.poll(() => rowNames(page)).toEqual([mia.name]);
    await rows(page).getByText('gift', { exact: true }).waitFor();

    await search(page, 'nothing-is-called-this');
    await page.getByTestId('empty-state').getByText('No orders match').waitFor();
    await page.getByTestId('empty-state').getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => searchParam(page, 'q')).toBeNull();
    await expect.poll(() => rows(page).count()).toBe(50);

    await search(page, 'colour:blue');
    await page.getByText('The search could not run').waitFor();
    await context.close();
  });

  it('lets a packer tag several orders, ship them from one location, and archive them', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, PACKER.email, PACKER.password);
    await page.goto(`/orders?q=${encodeURIComponent(UNFULFILLED_TAB)}`);
    await rows(page).first().waitFor();
    // The Unfulfilled view narrowed to one SKU: the morning's prints.
    await search(page, `${UNFULFILLED_TAB} PRINT-1`);
    await expect.poll(() => rowNames(page)).toEqual([prints[1]!.name, prints[0]!.name]);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Add tags…' }).click();
    const tagsDialog = page.getByRole('dialog', { name: 'Add tags to 2 orders' });
    const tagsInput = tagsDialog.getByPlaceholder('Press Enter after each tag');
    await tagsInput.fill('rush');
    await tagsInput.press('Enter');
    await tagsDialog.getByRole('button', { name: 'Add tags' }).click();
    await page.getByTestId('bulk-result').getByText('Tags added to 2 orders.').waitFor();
    await expect.poll(() => rows(page).getByText('rush', { exact: true }).count()).toBe(2);
    for (const order of prints) expect((await orderState(api, order.id)).tags).toEqual(['rush']);

    // The back room has no prints: nothing ships, and each refusal names its order.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar.getByRole('button', { name: 'Fulfill', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fulfill 2 orders' });
    const from = dialog.getByRole('combobox', { name: 'Ship from' });
    // The location first in fulfillment priority is chosen to begin with.
    await expect.poll(() => from.inputValue()).toBe('Main warehouse');
    await from.click();
    await page.getByRole('option', { name: 'Back room' }).click();
    await dialog.getByRole('button', { name: 'Fulfill 2 orders' }).click();
    const errors = dialog.getByTestId('bulk-fulfill-errors').getByRole('listitem');
    await expect.poll(() => errors.count()).toBe(2);
    for (const order of prints) {
      await errors.filter({ has: page.getByRole('link', { name: order.name, exact: true }) }).waitFor();
    }
    await shot(page, 'orders-bulk-fulfill-errors-desktop');
    expect((await orderState(api, prints[0]!.id)).fulfillmentStatus).toBe('UNFULFILLED');

    await from.click();
    await page.getByRole('option', { name: 'Main warehouse' }).click();
    await dialog.getByRole('button', { name: 'Fulfill 2 orders' }).click();
    await page.getByTestId('bulk-result').getByText('2 orders fulfilled.').waitFor();
    // Shipped orders leave the Unfulfilled view.
    await page.getByTestId('empty-state').waitFor();
    for (const order of prints) expect((await orderState(api, order.id)).fulfillmentStatus).toBe('FULFILLED');

    await search(page, 'tag:rush');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive 2 orders' }).click();
    await page.getByTestId('bulk-result').getByText('2 orders archived.').waitFor();
    for (const order of prints) expect((await orderState(api, order.id)).status).toBe('CLOSED');
    await page.getByRole('tab', { name: 'Archived', exact: true }).click();
    await expect.poll(async () => (await rowNames(page)).length).toBe(3);
    await context.close();
  });

  it('opens an order from the keyboard and leaves the page for its previous and next', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, PACKER.email, PACKER.password);
    await page.goto('/orders?sort=NUMBER&dir=asc');
    await expect.poll(() => rows(page).count()).toBe(50);
    const names = await rowNames(page);
    // Ascending by number: the first order placed leads.
    expect(names.slice(0, 2)).toEqual(
      await namesFromApi(api, { sortKey: 'NUMBER', reverse: true, first: 2 }),
    );
    expect(names[0]).toBe('#1001');

    await page.getByRole('heading', { name: 'Orders', level: 1 }).click();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect
      .poll(() => page.getByRole('checkbox', { name: `Select ${names[1]!}` }).isChecked())
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/orders\/ord_/);
    const opened = new URL(page.url()).pathname.split('/').pop();
    const stored = await page.evaluate(() => sessionStorage.getItem('stockroom.orders.lastList'));
    const list = JSON.parse(stored ?? 'null') as { search: string; ids: string[] };
    expect(list.search).toBe('?sort=NUMBER&dir=asc');
    expect(list.ids).toHaveLength(50);
    expect(list.ids[1]).toBe(opened);
    await context.close();
  });

  it('lets staff who may only read select orders to print them, and nothing more', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, ANALYST.email, ANALYST.password);
    await page.goto('/orders');
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).click();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    const bar = page.getByTestId('bulk-bar');
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Print' }).click();
    const slips = page.getByRole('menuitem', { name: 'Print packing slips' });
    expect(await slips.getAttribute('href')).toMatch(/^\/documents\/packing-slips\.pdf\?orders=ord_/);
    await page.keyboard.press('Escape');
    expect(await bar.getByRole('button', { name: 'Fulfill' }).count()).toBe(0);
    expect(await bar.getByRole('button', { name: 'More actions' }).count()).toBe(0);
    await context.close();
  });

  it('gives a packer on a phone cards with the number, customer, items, total and both statuses', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, PACKER.email, PACKER.password);
    await page.goto(`/orders?q=${encodeURIComponent(`${UNFULFILLED_TAB} mia`)}`);
    const card = rows(page).first();
    await card.waitFor();
    expect(await page.getByTestId('order-table').count()).toBe(0);
    await card.getByRole('link', { name: mia.name, exact: true }).waitFor();
    await card.getByText('Mia Wong').waitFor();
    await card.getByText('1 item', { exact: true }).waitFor();
    await card.getByText(/^\$\d+\.\d\d$/).waitFor();
    expect(await card.getByTestId('payment-status').textContent()).toBe('Paid');
    expect(await card.getByTestId('fulfillment-status').textContent()).toBe('Unfulfilled');
    // Nothing is wider than the screen, and a thumb can hit both the card and its checkbox.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await card.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    const check = await card.locator('label').first().boundingBox();
    expect(check?.height).toBeGreaterThanOrEqual(44);
    expect(check?.width).toBeGreaterThanOrEqual(44);
    await page.goto('/orders');
    await expect.poll(() => rows(page).count()).toBe(50);
    await shot(page, 'orders-list-phone');
    await card.getByRole('link').first().click();
    await page.waitForURL(/\/orders\/ord_/);
    await context.close();
  });
});
