import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  fulfillOrder,
  receiveStock,
  signedInApi,
  stockOf,
  type Api,
} from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { paidShippedOrder, placeMiasOrder } from './support/orders';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

const SUPPORT = { email: 'sue@example.com', name: 'Sue Port', password: 'kind-words-every-day-8' };
describe('refunds and voids', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let board: { variantId: string };
  let shippingRateId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1', status: 'ACTIVE' });
    await receiveStock(api, board.variantId, main, 20);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets support refund one shipped unit with restock, and shows it everywhere', async () => {
    const order = await paidShippedOrder(api, board.variantId, 2);
    const before = (await stockOf(api, board.variantId)).onHand;

    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('link', { name: 'Refund' }).click();
    await page.waitForURL(`**/orders/${order.id}/refund`);
    await page.getByRole('button', { name: 'One more Oak Board' }).click();
    const summary = page.getByTestId('refund-summary');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Refund amount' }).inputValue())
      .not.toBe('0.00');
    expect(await page.getByRole('checkbox', { name: 'Restock' }).isChecked()).toBe(true);
    await page.getByTestId('refund-stock-note').getByText('1 back in stock at Main warehouse').waitFor();
    await page.getByRole('textbox', { name: 'Reason' }).fill('Cracked in transit');
    const amount = await page.getByRole('textbox', { name: 'Refund amount' }).inputValue();
    await summary.getByText(`$${amount}`).first().waitFor();
    await shot(page, 'order-refund-desktop');
    await page.getByTestId('refund-submit').click();

    await page.waitForURL(`**/orders/${order.id}`);
    await expect
      .poll(() => page.getByTestId('payment-status').first().textContent())
      .toBe('Partially refunded');
    const refund = page.getByTestId('refund');
    await refund.getByText('1 × Oak Board (restocked at Main warehouse)').waitFor();
    await refund.getByText('Reason: Cracked in transit').waitFor();
    await page.getByTestId('order-timeline').getByText(`Refunded $${amount}`).first().waitFor();
    expect((await stockOf(api, board.variantId)).onHand).toBe(before + 1);
    await context.close();
  });

  it('refuses more than was paid in plain words, and works on a phone', async () => {
    const order = await placeMiasOrder(api, {
      lines: [{ variantId: board.variantId, quantity: 1 }],
      payment: { kind: 'SALE' },
    });
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto(`/orders/${order.id}/refund`);
    await page.getByTestId('refund-line').waitFor();
    await page.getByRole('button', { name: 'One more Oak Board' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Refund amount' }).inputValue())
      .not.toBe('0.00');
    await shot(page, 'order-refund-phone');
    await page.getByRole('textbox', { name: 'Refund amount' }).fill('99999');
    await page.getByText(/can be refunded: what was paid and not yet refunded/).waitFor();
    expect(await page.getByTestId('refund-submit').isDisabled()).toBe(true);
    await context.close();
  });

  it('offers no Fulfill once every unit still to ship is refunded, and says why', async () => {
    const order = await placeMiasOrder(api, {
      lines: [{ variantId: board.variantId, quantity: 2 }],
      payment: { kind: 'SALE' },
    });
    const { lines } = (
      await api.request<{ order: { lines: { id: string }[] } }>(
        `query($id: ID!) { order(id: $id) { lines { id } } }`,
        { id: order.id },
      )
    ).order;
    const refunded = await api.request<{ orderRefund: { userErrors: unknown[] } }>(
      `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { userErrors { message } } }`,
      { input: { orderId: order.id, lines: [{ lineId: lines[0]!.id, quantity: 2, restock: true }] } },
    );
    expect(refunded.orderRefund.userErrors).toEqual([]);

    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}`);
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Refunded');
    // Archiving is still offered (under More actions); fulfilling is not.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: 'Fulfill items' }).count()).toBe(0);
    await shot(page, 'order-refunded-before-shipping-phone');
    await page.goto(`/orders/${order.id}/fulfill`);
    await page
      .getByTestId('nothing-to-fulfill')
      .getByText('Every item still to ship was refunded.')
      .waitFor();
    await context.close();
  });

  it('says the shipping limit includes its tax, and refuses a refund that gives nothing back (desktop)', async () => {
    // 5% on shipping of $20.00: $21.00 can be refunded for shipping, and the page says why.
    const tax = await api.request<{ taxRateCreate: { userErrors: unknown[] } }>(
      `mutation { taxRateCreate(input: { countryCode: "US", name: "US sales tax", rate: "5" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
    const zone = await api.request<{ shippingZoneCreate: { zone: { id: string } } }>(
      `mutation { shippingZoneCreate(input: { name: "US", countries: ["US"] }) { zone { id } } }`,
    );
    const rate = await api.request<{ shippingRateCreate: { rate: { id: string } } }>(
      `mutation($z: ID!) { shippingRateCreate(zoneId: $z, input: { name: "Courier", price: "20.00" }) { rate { id } } }`,
      { z: zone.shippingZoneCreate.zone.id },
    );
    shippingRateId = rate.shippingRateCreate.rate.id;
    const paid = await placeMiasOrder(api, {
      shippingRateId,
      lines: [{ variantId: board.variantId, quantity: 1 }],
      payment: { kind: 'SALE' },
    });
    // Shipped, never paid: only the goods can come back.
    const unpaid = await placeMiasOrder(api, {
      lines: [{ variantId: board.variantId, quantity: 1 }],
    });
    await fulfillOrder(api, unpaid.id);

    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto(`/orders/${paid.id}/refund`);
    await page.getByText('Up to $21.00 of shipping ($20.00 + $1.00 tax) is left to refund.').waitFor();
    await shot(page, 'order-refund-shipping-tax-desktop');

    const before = (await stockOf(api, board.variantId)).onHand;
    await page.goto(`/orders/${unpaid.id}`);
    await page.getByRole('link', { name: 'Refund' }).click();
    await page.waitForURL(`**/orders/${unpaid.id}/refund`);
    await page.getByRole('button', { name: 'One more Oak Board' }).click();
    await page.getByRole('checkbox', { name: 'Restock' }).uncheck();
    await page
      .getByTestId('refund-nothing')
      .getByText('This gives back no money and puts nothing back in stock, so there is nothing to refund.')
      .waitFor();
    expect(await page.getByTestId('refund-submit').isDisabled()).toBe(true);
    await shot(page, 'order-refund-nothing-desktop');
    await page.getByRole('checkbox', { name: 'Restock' }).check();
    await expect.poll(() => page.getByTestId('refund-submit').isDisabled()).toBe(false);
    await page.getByTestId('refund-submit').click();
    await page.waitForURL(`**/orders/${unpaid.id}`);
    const refund = page.getByTestId('refund');
    await refund.getByText('1 × Oak Board (restocked at Main warehouse)').waitFor();
    await refund.getByText(SUPPORT.name, { exact: false }).waitFor();
    await page.getByTestId('order-timeline').getByText('1 item back in stock, no money refunded').waitFor();
    // Its shipment can no longer be undone: the refund settled the unit it shipped.
    await page.getByTestId('shipment-settled').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel shipment' }).count()).toBe(0);
    expect((await stockOf(api, board.variantId)).onHand).toBe(before + 1);
    await context.close();
  });

  it('offers no Refund on a cancelled, refunded order, which can still be archived (phone)', async () => {
    const order = await placeMiasOrder(api, {
      shippingRateId,
      lines: [{ variantId: board.variantId, quantity: 1 }],
      payment: { kind: 'SALE' },
    });
    const cancelled = await api.request<{ orderCancel: { userErrors: unknown[] } }>(
      `mutation($id: ID!) { orderCancel(id: $id, refund: true) { userErrors { message } } }`,
      { id: order.id },
    );
    expect(cancelled.orderCancel.userErrors).toEqual([]);

    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}`);
    await page.getByTestId('order-cancelled').waitFor();
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Refunded');
    expect(await page.getByRole('link', { name: 'Refund' }).count()).toBe(0);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByText('This order is cancelled and archived').waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    await shot(page, 'order-cancelled-archived-phone');
    // Reached by its address, the refund page says there is nothing left to refund.
    await page.goto(`/orders/${order.id}/refund`);
    await page
      .getByTestId('nothing-to-refund')
      .getByText('Nothing is left to refund on this order')
      .waitFor();
    await shot(page, 'order-refund-nothing-left-phone');
    await context.close();
  });

  it('voids an authorization from the payment panel', async () => {
    const order = await placeMiasOrder(api, {
      lines: [{ variantId: board.variantId, quantity: 1 }],
      payment: { kind: 'AUTHORIZATION' },
    });
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto(`/orders/${order.id}`);
    await page.getByTestId('order-transactions').getByRole('button', { name: 'Void authorization' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Void authorization' }).click();
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Voided');
    await context.close();
  });
});
