import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  fulfillOrder,
  placeOrderFor,
  receiveStock,
  signedInApi,
  type PlacedOrder,
} from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/**
 * The admin while the server is down (issue 26 §2): a real server stopped and started again on the
 * same port and data directory during a browser session, no mocked network. The browser sees the
 * connection refused, as it would when the server process is gone.
 */

const rows = (page: Page) => page.getByTestId('order-row');
const rowNames = (page: Page) => rows(page).getByRole('link').allTextContents();
const errorState = (page: Page) => page.getByTestId('error-state');
const retrying = (page: Page) => page.getByText('Cannot reach the server. Retrying…');
const returnLink = (page: Page, name: string) =>
  page.getByTestId('return-row').getByRole('link', { name, exact: true });

describe('the admin through a server outage', () => {
  let dataDir: string;
  let server: TestServer | null = null;
  let port: number;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let open: PlacedOrder;
  let shipped: PlacedOrder;
  let cancelled: PlacedOrder;
  /** A return of the shipped order (an id and a name, like an order's). */
  let returned: PlacedOrder;

  /** The whole server (HTTP listener and database) stops: connections are refused. */
  async function stopServer() {
    await server!.close();
    server = null;
  }

  /** Starts the server again on the same port and data directory: same data, same sessions. */
  async function startServer() {
    server = await startTestServer({ dataDir, config: { port } });
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-outage-'));
    [server, browser] = await Promise.all([startTestServer({ dataDir }), launchBrowser()]);
    port = Number(new URL(server.url).port);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    await receiveStock(api, apron.variantId, main, 50);
    const line = { lines: [{ variantId: apron.variantId, quantity: 1 }], payment: { kind: 'SALE' } };
    shipped = await placeOrderFor(api, 'Sam Shipped', line);
    await fulfillOrder(api, shipped.id);
    // One unit of the shipped order is coming back: the returns list's one row.
    const { lines } = (
      await api.request<{ order: { lines: { id: string }[] } }>(
        `query($id: ID!) { order(id: $id) { lines { id } } }`,
        { id: shipped.id },
      )
    ).order;
    const created = await api.request<{
      returnCreate: { return: PlacedOrder | null; userErrors: unknown[] };
    }>(
      `mutation($input: ReturnCreateInput!) { returnCreate(input: $input) { return { id name } userErrors { message } } }`,
      {
        input: {
          orderId: shipped.id,
          lines: [{ orderLineId: lines[0]!.id, quantity: 1, reason: 'UNWANTED' }],
        },
      },
    );
    expect(created.returnCreate.userErrors).toEqual([]);
    returned = created.returnCreate.return!;
    cancelled = await placeOrderFor(api, 'Cleo Cancelled', line);
    await api.request(`mutation($id: ID!) { orderCancel(id: $id) { userErrors { message } } }`, {
      id: cancelled.id,
    });
    open = await placeOrderFor(api, 'Una Unfulfilled', line);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    if (!server) await startServer();
    ({ context, page } = await newPage(browser, server!.url));
    await signIn(page, server!.ownerEmail, server!.ownerPassword);
  });

  afterEach(async () => {
    await context?.close();
  });

  async function openAllOrders() {
    await page.goto('/orders');
    await expect.poll(() => rowNames(page)).toHaveLength(3);
    await page.getByText('3 orders', { exact: true }).waitFor();
  }

  /**
   * Until `done`, no sample of the table shows any of `names` (the list that was there before) as
   * the list: they may stand only dimmed under "Loading…" while the request is in flight.
   */
  async function neverShows(names: string[], done: () => Promise<boolean>) {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      const sample = await page.evaluate(() => ({
        names: [...document.querySelectorAll('[data-testid="order-row"] a')].map((a) => a.textContent ?? ''),
        loadingNext: document.querySelector('[data-testid="loading-next"]') !== null,
      }));
      const old = sample.names.filter((n) => names.includes(n));
      if (!sample.loadingNext) expect(old).toEqual([]);
      if (Date.now() > deadline) throw new Error('gave up waiting');
      await page.waitForTimeout(100);
    }
  }

  it('a new tab while the server is down: says so at once, never the old rows, then Retry works', async () => {
    await openAllOrders();
    await stopServer();

    const clickedAt = Date.now();
    await page.getByRole('tab', { name: 'Unfulfilled' }).click();
    // Sampled from the frame that shows the new tab: the click's own frame may still paint the old
    // list for an instant on a loaded machine (CI), before the list knows its variables changed.
    await page.getByRole('tab', { name: 'Unfulfilled', selected: true }).waitFor();
    // The old rows (a shipped and a cancelled order under "Unfulfilled") never stand for the new list.
    await neverShows([shipped.name, cancelled.name], () => retrying(page).isVisible());
    // Said promptly, while the retries go on; not after seconds of silence.
    expect(Date.now() - clickedAt).toBeLessThan(2_500);
    await shot(page, 'outage-retrying-desktop');
    await neverShows([shipped.name, cancelled.name], () => errorState(page).isVisible());
    expect(await page.getByText('3 orders', { exact: true }).count()).toBe(0);
    const error = errorState(page);
    expect(await error.textContent()).toContain('Cannot reach the server. Check your connection.');
    await shot(page, 'outage-list-error-desktop');

    // The server comes back: Retry shows the tab's own list, without a reload.
    await startServer();
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => rowNames(page)).toEqual([open.name]);
    await page.getByText('1 order', { exact: true }).waitFor();
    expect(await errorState(page).count()).toBe(0);
  });

  it('after the outage the next change of tab loads, without Retry or a reload', async () => {
    await openAllOrders();
    await stopServer();
    await page.getByRole('tab', { name: 'Unfulfilled' }).click();
    await errorState(page).waitFor();
    // Back to All, loaded before the outage: its rows, marked as what was loaded before once the
    // refresh gives up (not only in a toast that goes away).
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => rowNames(page)).toHaveLength(3);
    const stale = page.getByTestId('stale-state');
    await stale.waitFor();
    expect(await stale.textContent()).toContain('Showing what was loaded before.');
    await shot(page, 'outage-stale-desktop');

    await startServer();
    await page.getByRole('tab', { name: 'Open' }).click();
    // Open: the unfulfilled and the shipped order (the cancelled one is closed).
    await expect.poll(async () => (await rowNames(page)).sort()).toEqual([open.name, shipped.name].sort());
    await page.getByRole('tab', { name: 'Unfulfilled' }).click();
    await expect.poll(() => rowNames(page)).toEqual([open.name]);
    expect(await errorState(page).count()).toBe(0);
    // All again: refreshed, no longer marked as old.
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => rowNames(page)).toHaveLength(3);
    await stale.waitFor({ state: 'detached' });
  });

  it('opening an order whose code was not loaded yet: the error and Retry inside the frame', async () => {
    await openAllOrders();
    await stopServer();

    await page.getByRole('link', { name: open.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/orders/${open.id}`);
    // The screen's code did not download: its stand-in shows where the screen goes.
    const error = page.getByTestId('screen-code-failed').getByTestId('error-state');
    await error.waitFor();
    expect(await error.textContent()).toContain('Cannot reach the server.');
    // Inside the frame: the navigation still works around it.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await shot(page, 'outage-order-error-desktop');

    await startServer();
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: open.name }).waitFor();
    expect(await errorState(page).count()).toBe(0);
  });

  it('a settings section whose code was not loaded yet, on a phone: error with Retry, then the screen', async () => {
    await context.close();
    ({ context, page } = await newPage(browser, server!.url, PHONE));
    await signIn(page, server!.ownerEmail, server!.ownerPassword);
    await page.goto('/settings');
    const taxes = page.getByRole('link', { name: 'Taxes', exact: true });
    await taxes.waitFor();
    // The store page's own requests have finished: stopped under one of them, the page would (rightly)
    // show that request's error instead of its tabs, which is not what this test is about.
    await page.waitForLoadState('networkidle');
    await page.getByRole('textbox', { name: 'Store name' }).waitFor();
    await stopServer();

    await taxes.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings/taxes');
    const error = page.getByTestId('screen-code-failed').getByTestId('error-state');
    await error.waitFor();
    await shot(page, 'outage-section-error-phone');

    await startServer();
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Tax rates', exact: true }).waitFor();
    expect(await errorState(page).count()).toBe(0);

    // A piece of the frame whose code is not loaded yet (the phone's navigation drawer) names the
    // connection, not a new version.
    await stopServer();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Cannot reach the server', { exact: true }).waitFor();
    expect(await alert.textContent()).not.toContain('Stockroom was updated');
    await shot(page, 'outage-frame-code-phone');
  });

  it('the returns list and a return page after a restart: the error with Retry, then their own content', async () => {
    await page.goto('/returns');
    await expect.poll(() => returnLink(page, returned.name).count()).toBe(1);
    await stopServer();

    // A tab not loaded before: the connection's error, not the list of All.
    await page.getByRole('tab', { name: 'Requested' }).click();
    const error = errorState(page);
    await error.waitFor();
    expect(await error.textContent()).toContain('Cannot reach the server. Check your connection.');

    await startServer();
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => returnLink(page, returned.name).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Requested', selected: true }).count()).toBe(1);
    expect(await errorState(page).count()).toBe(0);

    // Down again: opening the return says so inside the frame (its code or its data could not be
    // fetched), and Retry once the server is back shows the return.
    await stopServer();
    await returnLink(page, returned.name).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/returns/${returned.id}`);
    const pageError = errorState(page);
    await pageError.waitFor();
    expect(await pageError.textContent()).toContain('Cannot reach the server.');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    await startServer();
    await pageError.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: `Return ${returned.name}` }).waitFor();
    expect(await errorState(page).count()).toBe(0);
  });
});
