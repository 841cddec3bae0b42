import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, type Viewport } from './support/browser';
import { paidShippedOrder } from './support/orders';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot, shotOf, wideElements } from './support/look';

const ANALYST = { email: 'ana@example.com', name: 'Ana Lyst', password: 'reads-every-number-8' };
const WIDE: Viewport = { width: 1440, height: 900 };
const PHONE_390: Viewport = { width: 390, height: 844 };

/** Issue #33: the order page's Invoice card issues the invoice and lists its credit notes. */
describe('invoices on the order page', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let board: { variantId: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1', status: 'ACTIVE' });
    await receiveStock(api, board.variantId, main, 20);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('issues the invoice once, downloads its PDF, and lists a refund’s credit note', async () => {
    const order = await paidShippedOrder(api, board.variantId, 2);
    const { context, page } = await newPage(browser, server.url, WIDE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}`);
    const card = page.getByTestId('order-invoice');
    await card.getByText('No invoice yet.', { exact: false }).waitFor();
    await shotOf(card, 'invoice-card-before-desktop');
    await card.getByRole('button', { name: 'Issue invoice' }).click();
    const year = new Date().getUTCFullYear();
    await card.getByText(`INV-${year}-000001`).waitFor();
    expect(await card.getByRole('button', { name: 'Issue invoice' }).count()).toBe(0);
    const href = await card
      .getByRole('link', { name: `Download invoice INV-${year}-000001 as PDF` })
      .getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    const lines = await api.request<{ order: { lines: { id: string }[] } }>(
      `query($id: ID!) { order(id: $id) { lines { id } } }`,
      { id: order.id },
    );
    const refunded = await api.request<{ orderRefund: { userErrors: unknown[] } }>(
      `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { userErrors { message } } }`,
      { input: { orderId: order.id, lines: [{ lineId: lines.order.lines[0]!.id, quantity: 1 }] } },
    );
    expect(refunded.orderRefund.userErrors).toEqual([]);
    await page.reload();
    await card.getByRole('link', { name: `Download credit note CN-${year}-000001 as PDF` }).waitFor();
    await shotOf(card, 'invoice-card-desktop');
    await shot(page, 'order-with-invoice-desktop');
    await context.close();
  });

  it('shows read-only staff the documents without the Issue button, and fits a phone', async () => {
    const fresh = await paidShippedOrder(api, board.variantId, 1);
    const { context, page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, ANALYST.email, ANALYST.password);
    await page.goto(`/orders/${fresh.id}`);
    const card = page.getByTestId('order-invoice');
    await card.getByText('No invoice yet.', { exact: false }).waitFor();
    expect(await card.getByRole('button', { name: 'Issue invoice' }).count()).toBe(0);

    const invoiced = (
      await api.request<{ orders: { nodes: { id: string; invoices: unknown[] }[] } }>(
        `{ orders(first: 10) { nodes { id invoices { id } } } }`,
      )
    ).orders.nodes.find((o) => o.invoices.length > 0)!;
    await page.goto(`/orders/${invoiced.id}`);
    const year = new Date().getUTCFullYear();
    await card.getByRole('link', { name: `Download credit note CN-${year}-000001 as PDF` }).waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await wideElements(page)).toEqual([]);
    await shotOf(card, 'invoice-card-phone');
    await shot(page, 'order-with-invoice-phone');
    await context.close();
  });
});
