import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

interface Sent {
  operationName?: string;
  variables?: Record<string, unknown>;
}

/**
 * Holds the operation's requests (recording their variables) until `release()`, after which they
 * pass at once: what the screen shows while an answer is on its way, whatever the machine's speed.
 */
async function holdOperation(page: Page, operation: string) {
  const sent: Record<string, unknown>[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as Sent | null;
    if (body?.operationName !== operation) return route.continue();
    sent.push(body.variables ?? {});
    await released;
    return route.continue();
  });
  return { sent, release };
}

/** Marks the page when a list ever shows its loading skeleton, or a table with no rows. */
async function watchForEmptyTable(page: Page, rowTestId: string) {
  await page.evaluate((testId) => {
    const w = window as unknown as { emptied: string[] };
    w.emptied = [];
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-state"]')) w.emptied.push('skeleton');
      else if (!document.querySelector(`[data-testid="${testId}"]`)) w.emptied.push('no rows');
    }).observe(document.body, { childList: true, subtree: true });
  }, rowTestId);
  return () => page.evaluate(() => (window as unknown as { emptied: string[] }).emptied);
}

const rowTitles = (page: Page) => page.getByTestId('product-row').locator('td a').allTextContents();
const searchBox = (page: Page, list: string) => page.getByRole('textbox', { name: `Search ${list}` });
const query = (page: Page) => new URL(page.url()).searchParams.get('q');

describe('list search, filter chips and list state', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    // More than a page (50), so Next has somewhere to go.
    for (let n = 1; n <= 52; n++) {
      await createProduct(api, { title: `Filler ${String(n).padStart(2, '0')}`, vendor: 'Filler Co' });
    }
    await createProduct(api, { title: 'Wool scarf', vendor: 'Acme Knits', tags: ['winter'] });
    const shirt = await createProduct(api, { title: 'Linen shirt', vendor: 'Northwind', tags: ['summer'] });
    await receiveStock(api, shirt.variantId, await createLocation(api, 'Back room'), 12);
    const customer = `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`;
    await api.request(customer, {
      input: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', tags: ['vip'] },
    });
    await api.request(customer, {
      input: { email: 'bo@example.com', firstName: 'Bo', lastName: 'Ring', acceptsMarketing: true },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function ownerPage(viewport = undefined as typeof PHONE | undefined): Promise<Page> {
    const { page } = await newPage(browser, server.url, viewport);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    return page;
  }

  it('searches as you type, with stemming and prefixes, keeping the old rows while the next load', async () => {
    const page = await ownerPage();
    await page.goto('/products');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(50);
    const held = await holdOperation(page, 'Products');
    const emptied = await watchForEmptyTable(page, 'product-row');

    // No Enter: the search runs once typing pauses, for the whole word. (A machine that stalls
    // longer than the pause between two keys may send a prefix first; never one per key.)
    await searchBox(page, 'products').pressSequentially('scarves', { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get('q') === 'scarves');
    // While the answer is held back, the old rows stay on screen, dimmed and marked busy.
    await page.locator('[data-testid="list-rows"][aria-busy="true"]').waitFor();
    expect(await page.getByTestId('product-row').count()).toBe(50);
    await expect.poll(() => held.sent.at(-1)?.['query']).toBe('scarves');
    const typed = held.sent.map((v) => String(v['query']));
    expect(typed.length).toBeLessThan('scarves'.length);
    expect(typed.every((q) => 'scarves'.startsWith(q))).toBe(true);
    held.release();
    await expect.poll(() => rowTitles(page)).toEqual(['Wool scarf']);

    await searchBox(page, 'products').fill('linen shi');
    await expect.poll(() => rowTitles(page)).toEqual(['Linen shirt']);
    expect(query(page)).toBe('linen shi');
    expect(await emptied()).toEqual([]);

    // Enter still searches at once; a half-typed term (an open quote) waits for the rest.
    await searchBox(page, 'products').fill('vendor:"Acme');
    await page.waitForTimeout(600);
    expect(query(page)).toBe('linen shi');
    await searchBox(page, 'products').fill('wool');
    await searchBox(page, 'products').press('Enter');
    await expect.poll(() => rowTitles(page)).toEqual(['Wool scarf']);
    expect(query(page)).toBe('wool');
  });

  it('filter chips write search terms into the box and the URL, and × takes them out', async () => {
    const page = await ownerPage();
    await page.goto('/products');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(50);
    const filters = page.getByRole('group', { name: 'Filters' });

    await filters.getByRole('button', { name: 'Vendor' }).click();
    const picker = page.getByRole('dialog');
    // The picker lists the vendors in use and narrows as you type.
    await expect
      .poll(() => picker.getByRole('button').allTextContents())
      .toEqual(['Acme Knits', 'Filler Co', 'Northwind']);
    await shot(page, 'list-chips-vendor-picker-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('textbox', { name: 'Find a vendor' }).fill('acme');
    await expect.poll(() => picker.getByRole('button').allTextContents()).toEqual(['Acme Knits']);
    await picker.getByRole('button', { name: 'Acme Knits' }).click();
    await expect.poll(() => query(page)).toBe('vendor:"Acme Knits"');
    await expect.poll(() => searchBox(page, 'products').inputValue()).toBe('vendor:"Acme Knits"');
    await expect.poll(() => rowTitles(page)).toEqual(['Wool scarf']);
    await shot(page, 'list-chips-products-desktop');

    // A second chip adds its term; removing the first leaves the second.
    await filters.getByRole('button', { name: 'Stock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'In stock' }).click();
    await expect.poll(() => query(page)).toBe('vendor:"Acme Knits" stock:in');
    await expect.poll(() => page.getByTestId('empty-state').count()).toBe(1);
    await filters.getByRole('button', { name: 'Remove vendor filter' }).click();
    await expect.poll(() => query(page)).toBe('stock:in');
    await expect.poll(() => searchBox(page, 'products').inputValue()).toBe('stock:in');
    await expect.poll(() => rowTitles(page)).toEqual(['Linen shirt']);
    expect(await filters.getByRole('button', { name: 'Stock: In stock' }).count()).toBe(1);
    await filters.getByRole('button', { name: 'Remove stock filter' }).click();
    await expect.poll(() => query(page)).toBe(null);
  });

  it('customer chips: tag from the tags in use, marketing and orders', async () => {
    const page = await ownerPage();
    await page.goto('/customers');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(2);
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Email marketing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Subscribed', exact: true }).click();
    await expect.poll(() => query(page)).toBe('accepts_marketing:true');
    await expect
      .poll(() => page.getByTestId('customer-row').allTextContents())
      .toEqual([expect.stringContaining('bo@example.com')]);
    await filters.getByRole('button', { name: 'Remove email marketing filter' }).click();
    await filters.getByRole('button', { name: 'Tag' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'vip' }).click();
    await filters.getByRole('button', { name: 'Orders' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No orders yet' }).click();
    await expect.poll(() => query(page)).toBe('tag:vip orders_count:0');
    await expect.poll(() => searchBox(page, 'customers').inputValue()).toBe('tag:vip orders_count:0');
    await expect
      .poll(() => page.getByTestId('customer-row').allTextContents())
      .toEqual([expect.stringContaining('ada@example.com')]);
    await shot(page, 'list-chips-customers-desktop');
  });

  it('looks tidy at phone width with chips', async () => {
    const page = await ownerPage(PHONE);
    await page.goto('/products?q=vendor%3A%22Acme+Knits%22');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    const filters = page.getByRole('group', { name: 'Filters' });
    // Nothing sticks out sideways: the chips are one row that scrolls within the screen (its cut
    // side fades), and the page itself never scrolls sideways.
    const box = await filters.locator('xpath=..').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'list-chips-products-phone');
    await filters.getByRole('button', { name: 'Stock' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Low stock' }).waitFor();
    await shot(page, 'list-chips-stock-picker-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/customers?q=tag%3Avip');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
    await shot(page, 'list-chips-customers-phone');
  });

  it('a new sort and Next within the same moment keep the new sort and never send the old cursor', async () => {
    const page = await ownerPage();
    await page.goto('/products');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(50);
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isEnabled()).toBe(true);
    const first = await rowTitles(page);
    const held = await holdOperation(page, 'Products');
    const sent = held.sent;
    const emptied = await watchForEmptyTable(page, 'product-row');

    // Both clicks in one task: the screen has not been drawn again in between.
    await page.evaluate(() => {
      const button = (label: string) =>
        [...document.querySelectorAll('button')].find(
          (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
        );
      button('Sort ascending')?.click();
      button('Next')?.click();
    });
    // While the new order loads, its Next waits: the rows shown are still the old order's.
    await page.locator('[data-testid="list-rows"][aria-busy="true"]').waitFor();
    await expect.poll(() => sent.length).toBe(1);
    expect(await next.isDisabled()).toBe(true);
    expect(await rowTitles(page)).toEqual(first);
    held.release();
    await expect.poll(() => rowTitles(page)).not.toEqual(first);
    const url = new URL(page.url());
    expect(url.searchParams.get('dir')).toBe('asc');
    expect(url.searchParams.get('after')).toBeNull();
    expect(sent).toEqual([expect.objectContaining({ reverse: true, first: 50 })]);
    expect(sent[0]).not.toHaveProperty('after');
    expect(await emptied()).toEqual([]);

    // Next on the new order pages on in it.
    await next.click();
    await expect.poll(() => sent.some((v) => typeof v.after === 'string')).toBe(true);
    // Every page asked for is of the new order: no request ever carries the old order's cursor.
    for (const v of sent.filter((v) => 'after' in v)) {
      expect(v).toMatchObject({ reverse: true, after: expect.any(String) });
    }
    await expect.poll(() => new URL(page.url()).searchParams.get('dir')).toBe('asc');
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(4);
  });
});
