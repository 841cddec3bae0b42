import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/**
 * Issue 16 item 10: a cold /products asks for who is signed in and for the list's first page from
 * the page's first script (src/early.ts), before the app's code has arrived, and the app takes those
 * answers instead of asking again.
 */
describe('the first screen’s data is asked for before the app’s code arrives', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    for (const title of ['Linen apron', 'Linen shirt', 'Wool scarf']) await createProduct(api, { title });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-in page whose app entry script arrives `delayMs` late; records GraphQL requests. */
  async function slowEntryPage(delayMs: number) {
    const { page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    const events: string[] = [];
    const operations: { name: string; variables: unknown }[] = [];
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      events.push('entry');
      await route.fulfill({ response });
    });
    page.on('request', (request: Request) => {
      if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
      const body = request.postDataJSON() as { operationName: string; variables: unknown };
      events.push(body.operationName);
      operations.push({ name: body.operationName, variables: body.variables });
    });
    return { page, events, operations };
  }

  const titles = (page: Page) => page.getByTestId('product-row').locator('td a').allTextContents();

  it('a cold /products sends CurrentStaff, ShopName and Products before the entry arrives, each once', async () => {
    const { page, events, operations } = await slowEntryPage(800);
    await page.goto('/products?sort=TITLE&q=linen');
    await expect.poll(() => titles(page)).toEqual(['Linen apron', 'Linen shirt']);
    await page.waitForTimeout(500);

    const entryAt = events.indexOf('entry');
    expect(entryAt).toBeGreaterThan(-1);
    expect(events.slice(0, entryAt).sort()).toEqual(['CurrentStaff', 'Products', 'ShopName']);
    expect(operations.filter((o) => o.name === 'Products')).toEqual([
      { name: 'Products', variables: { query: 'linen', sortKey: 'TITLE', reverse: false, first: 50 } },
    ]);
    expect(operations.filter((o) => o.name === 'CurrentStaff')).toHaveLength(1);
    expect(operations.filter((o) => o.name === 'ShopName')).toHaveLength(1);
  });

  it('another screen asks early only for who is signed in and the store; its own query goes out as before', async () => {
    const { page, events } = await slowEntryPage(400);
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const entryAt = events.indexOf('entry');
    expect(events.slice(0, entryAt).sort()).toEqual(['CurrentStaff', 'ShopName']);
    expect(events.filter((e) => e === 'CurrentStaff')).toHaveLength(1);
    expect(events.filter((e) => e === 'ShopName')).toHaveLength(1);
  });

  it('going back to the list later asks the server again (an early answer is used once)', async () => {
    const { page, operations } = await slowEntryPage(0);
    const asked = () => operations.filter((o) => o.name === 'Products').length;
    await page.goto('/products');
    await expect.poll(() => titles(page)).toHaveLength(3);
    // Counted once the list shows (the slow-load test below pins the first visit at one request).
    const firstVisit = asked();
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true }).click();
    await expect.poll(() => titles(page)).toHaveLength(3);
    // Were the early answer (or the first visit's loader answer) used again, this would stay put.
    await expect.poll(asked).toBe(firstVisit + 1);
    await page.waitForTimeout(300);
    expect(asked()).toBe(firstVisit + 1);
  });

  it('a slow load still asks for the list once: no clock runs out on the early or the loader’s answer', async () => {
    // The app's entry arrives after an early answer used to expire (5 s from the early request), and
    // the list's code well after the loader's answer (a screen used to trust it for 3 s): on a loaded
    // machine either made the first visit ask twice.
    const { page, operations } = await slowEntryPage(5500);
    await page.route(/\/assets\/products-route-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 3500));
      await route.fulfill({ response });
    });
    await page.goto('/products');
    await expect.poll(() => titles(page), { timeout: 20_000 }).toHaveLength(3);
    await page.waitForTimeout(500);
    expect(operations.filter((o) => o.name === 'Products')).toHaveLength(1);
  }, 40_000);
});
