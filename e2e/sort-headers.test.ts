import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** "Crate 01" … "Crate 52": more than a page, so Next has somewhere to go. */
const TITLES = Array.from({ length: 52 }, (_, i) => `Crate ${String(i + 1).padStart(2, '0')}`);
/** The order they are made in: shuffled (n × 19 mod 53), so newest-first is not A–Z. */
const MADE = TITLES.map((_, i) => TITLES[(((i + 1) * 19) % 53) - 1]!);

/** Made in this order, so newest first, by last name A–Z and Z–A are three different orders. */
const CUSTOMERS = [
  ['Edsger', 'Dijkstra'],
  ['Ada', 'Lovelace'],
  ['Grace', 'Hopper'],
  ['Alan', 'Turing'],
] as const;

/** The label of the option the "Sort by" select shows. */
const sortByLabel = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Sort by' })
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const productTitles = (page: Page) => page.getByTestId('product-row').locator('td a').allTextContents();
const customerNames = (page: Page) => page.getByTestId('customer-row').locator('td a').allTextContents();
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
/** The aria-sort of every header that has one, as "label: order". */
const sortedHeaders = (page: Page) =>
  page
    .locator('th[aria-sort]')
    .evaluateAll((ths) => ths.map((th) => `${th.textContent?.trim()}: ${th.getAttribute('aria-sort')}`));

async function waitForUrl(page: Page, want: Record<string, string | null>) {
  await expect
    .poll(() => Object.fromEntries(Object.keys(want).map((key) => [key, param(page, key)])))
    .toEqual(want);
}

/** The numbers in one column of the grid, by the column's header. */
function columnNumbers(table: Locator, name: string): Promise<number[]> {
  return table.evaluate((el, label) => {
    const ths = Array.from(el.querySelectorAll('thead th'));
    const at = ths.findIndex((th) => th.textContent?.trim() === label);
    return Array.from(el.querySelectorAll('tbody tr')).map((tr) =>
      Number(tr.children[at]?.textContent?.replace(/[^\d-]/g, '')),
    );
  }, name);
}

describe('sortable column headers', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const made: Record<string, string> = {};
    for (const title of MADE) made[title] = (await createProduct(api, { title })).variantId;
    const room = await createLocation(api, 'Back room');
    for (const [title, count] of [
      ['Crate 07', 5],
      ['Crate 30', 40],
      ['Crate 12', 1],
    ] as const) {
      await receiveStock(api, made[title]!, room, count);
    }
    for (const [firstName, lastName] of CUSTOMERS) {
      await api.request(
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`,
        { input: { email: `${firstName.toLowerCase()}@example.com`, firstName, lastName } },
      );
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function ownerPage(viewport?: typeof PHONE): Promise<Page> {
    const { page } = await newPage(browser, server.url, viewport);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    return page;
  }

  it('products: a header click sorts by its column, a second click flips it, and the page goes back to the first', async () => {
    const page = await ownerPage();
    await page.goto('/products');
    const newestFirst = [...MADE].reverse();
    await expect.poll(() => productTitles(page)).toEqual(newestFirst.slice(0, 50));
    // The list's own sort (last updated, newest first) is the one marked.
    await expect.poll(() => sortedHeaders(page)).toEqual(['Updated: descending']);
    expect(await header(page, 'Status').getByRole('button').count()).toBe(0);

    // On page 2, a new sort starts again from the first page, as the select does.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => param(page, 'after')).not.toBe(null);
    await expect.poll(() => productTitles(page)).toEqual(newestFirst.slice(50));

    await header(page, 'Product').getByRole('button', { name: 'Product' }).click();
    await waitForUrl(page, { sort: 'TITLE', dir: null, after: null });
    await expect.poll(() => productTitles(page)).toEqual(TITLES.slice(0, 50));
    await expect.poll(() => sortedHeaders(page)).toEqual(['Product: ascending']);
    expect(await header(page, 'Updated').getAttribute('aria-sort')).toBe(null);
    // The select says the same.
    expect(await sortByLabel(page)).toBe('Title');
    await shot(page, 'sort-headers-products-title-desktop');

    // The keyboard: Enter on the sorted column flips it.
    await header(page, 'Product').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await waitForUrl(page, { sort: 'TITLE', dir: 'desc' });
    await expect.poll(() => productTitles(page)).toEqual([...TITLES].reverse().slice(0, 50));
    await expect.poll(() => sortedHeaders(page)).toEqual(['Product: descending']);

    // Space on another column sorts by it in its natural order: newest first, the list's default.
    await header(page, 'Updated').getByRole('button').focus();
    await page.keyboard.press('Space');
    await waitForUrl(page, { sort: null, dir: null });
    await expect.poll(() => productTitles(page)).toEqual(newestFirst.slice(0, 50));
    await expect.poll(() => sortedHeaders(page)).toEqual(['Updated: descending']);
    await header(page, 'Updated').getByRole('button').click();
    await waitForUrl(page, { sort: null, dir: 'asc' });
    await expect.poll(() => productTitles(page)).toEqual(MADE.slice(0, 50));
    await expect.poll(() => sortedHeaders(page)).toEqual(['Updated: ascending']);
    expect(await seriousViolations(page)).toEqual([]);

    // Stock sorts by units available: fewest first, then most first.
    await header(page, 'Stock').getByRole('button', { name: 'Stock' }).click();
    await waitForUrl(page, { sort: 'INVENTORY', dir: null });
    await expect.poll(() => sortedHeaders(page)).toEqual(['Stock: ascending']);
    await header(page, 'Stock').getByRole('button').click();
    await waitForUrl(page, { sort: 'INVENTORY', dir: 'desc' });
    await expect
      .poll(async () => (await productTitles(page)).slice(0, 3))
      .toEqual(['Crate 30', 'Crate 07', 'Crate 12']);
    await expect.poll(() => sortedHeaders(page)).toEqual(['Stock: descending']);
  });

  it('customers: name sorts by last name A–Z then Z–A; created goes back to newest first', async () => {
    const page = await ownerPage();
    await page.goto('/customers');
    const name = ([first, last]: readonly [string, string]) => `${first} ${last}`;
    await expect.poll(() => customerNames(page)).toEqual([...CUSTOMERS].reverse().map(name));
    await expect.poll(() => sortedHeaders(page)).toEqual(['Created: descending']);

    await header(page, 'Customer').getByRole('button').click();
    await waitForUrl(page, { sort: 'NAME', dir: null });
    const byLastName = [...CUSTOMERS].sort((a, b) => a[1].localeCompare(b[1])).map(name);
    await expect.poll(() => customerNames(page)).toEqual(byLastName);
    await expect.poll(() => sortedHeaders(page)).toEqual(['Customer: ascending']);
    await shot(page, 'sort-headers-customers-name-desktop');

    await header(page, 'Customer').getByRole('button').click();
    await waitForUrl(page, { sort: 'NAME', dir: 'desc' });
    await expect.poll(() => customerNames(page)).toEqual([...byLastName].reverse());
    await expect.poll(() => sortedHeaders(page)).toEqual(['Customer: descending']);

    // Right-aligned number columns sort too (most orders first is their natural order).
    await header(page, 'Orders').getByRole('button').click();
    await waitForUrl(page, { sort: 'ORDERS_COUNT', dir: null });
    await expect.poll(() => sortedHeaders(page)).toEqual(['Orders: descending']);

    await header(page, 'Created').getByRole('button').click();
    await waitForUrl(page, { sort: null, dir: null });
    await expect.poll(() => customerNames(page)).toEqual([...CUSTOMERS].reverse().map(name));
    await expect.poll(() => sortedHeaders(page)).toEqual(['Created: descending']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('inventory: Available sorts fewest first, then most first', async () => {
    const page = await ownerPage();
    // Only the three levels with stock (a new location may list every tracked variant at 0).
    await page.goto(`/inventory?q=${encodeURIComponent('location:"Back room" available:>0')}`);
    const table = page.getByTestId('inventory-table');
    await expect.poll(() => page.getByTestId('inventory-row').count()).toBe(3);
    await expect.poll(() => sortedHeaders(page)).toEqual(['Product · variant · SKU: ascending']);

    await header(page, 'Available').getByRole('button').click();
    await waitForUrl(page, { sort: 'AVAILABLE', dir: null });
    await expect.poll(() => sortedHeaders(page)).toEqual(['Available: ascending']);
    await expect.poll(() => columnNumbers(table, 'Available')).toEqual([1, 5, 40]);

    await header(page, 'Available').getByRole('button').click();
    await waitForUrl(page, { sort: 'AVAILABLE', dir: 'desc' });
    await expect.poll(() => sortedHeaders(page)).toEqual(['Available: descending']);
    await expect.poll(() => columnNumbers(table, 'Available')).toEqual([40, 5, 1]);
    await shot(page, 'sort-headers-inventory-desktop');
  });

  it('on a phone the lists are cards without headers, and the Sort by select still sorts', async () => {
    const page = await ownerPage({ ...PHONE, width: 390 });
    await page.goto('/products?sort=TITLE');
    await expect
      .poll(() => page.getByTestId('product-row').locator('a').allTextContents())
      .toEqual(TITLES.slice(0, 50));
    expect(await page.locator('th').count()).toBe(0);
    expect(await sortByLabel(page)).toBe('Title');
    await shot(page, 'sort-headers-products-phone');

    await page.goto('/customers?sort=NAME&dir=desc');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(CUSTOMERS.length);
    expect(await page.locator('th').count()).toBe(0);
    expect(await sortByLabel(page)).toBe('Name');
    await shot(page, 'sort-headers-customers-phone');
  });
});
