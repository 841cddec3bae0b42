import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, type PlacedOrder } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { paidShippedOrder, placeMiasOrder } from './support/orders';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

const FULFILLER = { email: 'fran@example.com', name: 'Fran Packer', password: 'boxes-and-tape-all-day-3' };
const SUPPORT = { email: 'sue@example.com', name: 'Sue Port', password: 'kind-words-every-day-8' };
const CATALOG = { email: 'cat@example.com', name: 'Cat Alog', password: 'products-all-day-long-1' };

describe('orders', () => {
  let server: TestServer;
  let browser: Browser;
  let unpaid: PlacedOrder;
  let shipped: PlacedOrder;
  let dropped: PlacedOrder;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...FULFILLER, roleKeys: ['fulfillment'] });
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    await server.createStaff({ ...CATALOG, roleKeys: ['catalog-manager'] });
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    const apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1', status: 'ACTIVE' });
    const board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1', status: 'ACTIVE' });
    await receiveStock(api, apron.variantId, main, 20);
    await receiveStock(api, board.variantId, main, 20);
    shipped = await paidShippedOrder(api, board.variantId, 1);
    unpaid = await placeMiasOrder(api, {
      lines: [
        { variantId: apron.variantId, quantity: 2 },
        { variantId: board.variantId, quantity: 1 },
      ],
      tags: ['gift'],
    });
    dropped = await placeMiasOrder(api, {
      lines: [{ variantId: apron.variantId, quantity: 1 }],
    });
    await api.request(
      `mutation($id: ID!) { orderCancel(id: $id, reason: "Ordered twice") { userErrors { message } } }`,
      {
        id: dropped.id,
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets fulfillment staff find an unpaid order, mark it paid, and ship it in two parcels', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, FULFILLER.email, FULFILLER.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Orders' })
      .click();
    const search = page.getByRole('textbox', { name: /Search orders/ });
    await search.fill(unpaid.name);
    await search.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(unpaid.name);
    await page.getByRole('link', { name: unpaid.name, exact: true }).first().click();
    await page.waitForURL(`**/orders/${unpaid.id}`);

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Paid');

    // The first parcel: the apron only, by UPS with a tracking number.
    await page.getByRole('link', { name: 'Fulfill items' }).click();
    await page.waitForURL(`**/orders/${unpaid.id}/fulfill`);
    const lines = page.getByTestId('fulfill-line');
    await expect.poll(() => lines.count()).toBe(2);
    await page.getByRole('button', { name: 'One fewer Oak Board' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Quantity of Oak Board/ }).inputValue())
      .toBe('0');
    await page.getByRole('combobox', { name: 'Carrier' }).selectOption({ label: 'UPS' });
    await page.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await shot(page, 'order-fulfill-desktop');
    await page.getByTestId('fulfill-submit').click();
    await page.waitForURL(`**/orders/${unpaid.id}`);
    const parcel = page.getByTestId('fulfillment').first();
    await parcel.getByText('1Z999AA10123456784').waitFor();
    // The tracking number links to the carrier (the parcel's other link is its packing slip).
    expect(await parcel.getByRole('link', { name: /1Z999AA10123456784/ }).getAttribute('href')).toContain(
      'ups.com',
    );
    await expect
      .poll(() => page.getByTestId('fulfillment-status').first().textContent())
      .toBe('Partially fulfilled');

    // The rest: only the board is left, and it is already chosen.
    await page.getByRole('link', { name: 'Fulfill items' }).click();
    await expect.poll(() => page.getByTestId('fulfill-line').count()).toBe(1);
    await page.getByTestId('fulfill-submit').click();
    await page.waitForURL(`**/orders/${unpaid.id}`);
    await expect.poll(() => page.getByTestId('fulfillment-status').first().textContent()).toBe('Fulfilled');
    await expect.poll(() => page.getByTestId('fulfillment').count()).toBe(2);
    await shot(page, 'order-detail-desktop');
    await context.close();
  });

  it('shows support the tabs, the customer’s orders, and why a shipped order cannot be cancelled', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/orders');
    await page.getByRole('tab', { name: 'Unfulfilled' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toContain('fulfillment_status');
    // Both orders are shipped now: the queue is empty.
    await page
      .getByText(/No orders match/i)
      .first()
      .waitFor();

    await page.goto(`/orders/${shipped.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page
      .getByTestId('cancel-refused')
      .getByText("An order with fulfillments can't be cancelled.")
      .waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Mia Wong' }).first().click();
    await page.waitForURL('**/customers/**');
    const orders = page.getByTestId('customer-orders');
    await orders.getByRole('link', { name: unpaid.name }).waitFor();
    await orders.getByRole('link', { name: shipped.name }).waitFor();
    await context.close();
  });

  it('archives a cancelled order from More actions, and finds it under Archived (desktop)', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${dropped.id}`);
    await page.getByTestId('order-cancelled').getByText('Reason: Ordered twice').waitFor();
    // Nothing was paid and nothing shipped: there is nothing to refund.
    expect(await page.getByRole('link', { name: 'Refund' }).count()).toBe(0);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByText('This order is cancelled and archived').waitFor();
    await shot(page, 'order-cancelled-archived-desktop');
    await page.goto('/orders');
    await page.getByRole('tab', { name: 'Archived' }).click();
    await page.getByRole('link', { name: dropped.name, exact: true }).first().waitFor();
    // The stock history names the order each of its movements belongs to, and links to it.
    await page.goto('/inventory/history');
    const released = page.getByRole('link', { name: `Order ${dropped.name} cancelled` });
    await released.waitFor();
    expect(await released.getAttribute('href')).toBe(`/orders/${dropped.id}`);
    await page
      .getByRole('link', { name: `Order ${shipped.name}-F1` })
      .first()
      .waitFor();
    await shot(page, 'inventory-history-order-links-desktop');
    await released.click();
    await page.waitForURL(`**/orders/${dropped.id}`);
    await context.close();
  });

  it('links order movements in the stock history on a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/inventory/history');
    await page
      .getByTestId('movement-cards')
      .getByRole('link', { name: `Order ${unpaid.name}` })
      .first()
      .waitFor();
    await shot(page, 'inventory-history-order-links-phone');
    await context.close();
  });

  it('keeps orders away from a catalog manager', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, CATALOG.email, CATALOG.password);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await nav.getByRole('link', { name: 'Products' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Orders' }).count()).toBe(0);
    await page.goto(`/orders/${unpaid.id}`);
    await page
      .getByText(/permission to see orders|ORDERS_READ/)
      .first()
      .waitFor();
    await context.close();
  });

  it('lets a packer ship from a phone', async () => {
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const more = await api.request<{ productVariants: { nodes: { id: string }[] } }>(
      `{ productVariants(query: "APRON-1") { nodes { id } } }`,
    );
    const order = await placeMiasOrder(api, {
      lines: [{ variantId: more.productVariants.nodes[0]!.id, quantity: 1 }],
      payment: { kind: 'SALE' },
    });
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, FULFILLER.email, FULFILLER.password);
    await page.goto(`/orders/${order.id}/fulfill`);
    await page.getByTestId('fulfill-line').waitFor();
    await shot(page, 'order-fulfill-phone');
    await page.getByTestId('fulfill-submit').click();
    await page.waitForURL(`**/orders/${order.id}`);
    await expect.poll(() => page.getByTestId('fulfillment-status').first().textContent()).toBe('Fulfilled');
    await shot(page, 'order-detail-phone');
    await context.close();
  });
});
