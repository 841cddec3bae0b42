import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocation,
  createProduct,
  createShippingRates,
  placeOrder,
  receiveStock,
  signedInApi,
  stockOf,
  type Api,
} from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot, wideElements } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const ADDRESS = {
  firstName: 'Mia',
  lastName: 'Wong',
  line1: '12 Harbour Street',
  city: 'Portland',
  postalCode: '97201',
  countryCode: 'US',
};
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

describe('order edits', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let shirt: { variantId: string };
  let board: { variantId: string };
  let cap: { variantId: string };
  let rates: Record<string, string>;

  /** A paid order of 3 shirts and a board by Standard shipping, 2 shirts shipped. */
  async function paidPartlyShipped() {
    const order = await placeOrder(api, {
      email: 'mia@example.com',
      shippingAddress: ADDRESS,
      shippingRateId: rates.Standard,
      lines: [
        { variantId: shirt.variantId, quantity: 3 },
        { variantId: board.variantId, quantity: 1 },
      ],
      payment: { kind: 'SALE' },
    });
    const { lines } = (
      await api.request<{ order: { lines: { id: string; variant: { id: string } }[] } }>(
        `query($id: ID!) { order(id: $id) { lines { id variant { id } } } }`,
        { id: order.id },
      )
    ).order;
    const shirtLine = lines.find((l) => l.variant.id === shirt.variantId)!;
    const shipped = await api.request<{ orderFulfill: { userErrors: unknown[] } }>(
      `mutation($input: OrderFulfillInput!) { orderFulfill(input: $input) { userErrors { message } } }`,
      { input: { orderId: order.id, lines: [{ lineId: shirtLine.id, quantity: 2 }], notifyCustomer: false } },
    );
    expect(shipped.orderFulfill.userErrors).toEqual([]);
    return order;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    shirt = await createProduct(api, { title: 'Linen Shirt', sku: 'SHIRT-1' });
    board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1' });
    cap = await createProduct(api, { title: 'Wool Cap', sku: 'CAP-1' });
    for (const p of [shirt, board, cap]) await receiveStock(api, p.variantId, main, 20);
    rates = await createShippingRates(
      api,
      { name: 'US', countries: ['US'] },
      { Standard: '5.00', Express: '15.00' },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets the owner add an item, lower a line and change shipping, then collect and ship the rest', async () => {
    const order = await paidPartlyShipped();
    const shirtBefore = await stockOf(api, shirt.variantId);
    const capBefore = await stockOf(api, cap.variantId);

    const { context, page } = await newPage(browser, server.url, WIDE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}`);
    await page.getByTestId('order-edit').click();
    await page.waitForURL(`**/orders/${order.id}/edit`);
    await page.getByRole('heading', { level: 1, name: `Edit order ${order.name}` }).waitFor();
    // Nothing changed yet: no figures to work out, and no error for it.
    await page.getByTestId('edit-figures-note').getByText('Change an item').waitFor();
    await page.waitForTimeout(600);
    expect(await page.getByText('Nothing to change.').count()).toBe(0);

    // 3 shirts, 2 shipped: one can come off, not two.
    await page.getByRole('button', { name: 'One fewer Linen Shirt' }).click();
    const shirtRow = page.getByTestId('edit-line').filter({ hasText: 'Linen Shirt' });
    await shirtRow.getByText('was 3').waitFor();
    await shirtRow.getByText("Can't go lower: 2 shipped").waitFor();
    expect(await page.getByRole('button', { name: 'One fewer Linen Shirt' }).isDisabled()).toBe(true);
    expect(await shirtRow.getByRole('button', { name: 'Remove Linen Shirt' }).count()).toBe(0);

    // A cap, found by SKU with the drafts' item search.
    await page.getByRole('combobox', { name: 'Add an item' }).fill('CAP-1');
    await page.getByRole('option', { name: /Wool Cap/ }).click();
    await page.getByTestId('edit-added').getByText('Added').waitFor();

    // Express instead of Standard.
    await page.getByRole('radio', { name: /^Express/ }).check();

    // Was 3×10 + 10 + 5 = 45; now 2×10 + 10 + 10 + 15 = 55, and 45 was paid.
    const summary = page.getByTestId('edit-summary');
    await summary.getByTestId('edit-payment-delta').getByText('Customer owes $10.00').waitFor();
    await summary.getByRole('link', { name: 'collect it on the order' }).waitFor();
    const stock = summary.getByTestId('edit-stock-changes');
    await stock.getByText(/Commits 1 × Wool Cap.* at Main warehouse/).waitFor();
    await stock.getByText(/Releases 1 × Linen Shirt.* at Main warehouse/).waitFor();
    expect(await page.getByTestId('edit-submit').isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Reason' }).fill('Customer swapped a shirt for a cap by phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'order-edit-1440');
    await page.getByTestId('edit-submit').click();

    await page.waitForURL(`**/orders/${order.id}`);
    await page.getByTestId('order-total').getByText('$55.00').waitFor();
    await page.getByTestId('order-outstanding').getByText('$10.00').waitFor();
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Partially paid');
    await page
      .getByTestId('order-timeline')
      .getByText(/Edited by/)
      .first()
      .waitFor();

    // The stock moved with the edit: the cap is committed to ship, the shirt no longer shipped is released.
    expect((await stockOf(api, cap.variantId)).committed).toBe(capBefore.committed + 1);
    expect((await stockOf(api, shirt.variantId)).committed).toBe(shirtBefore.committed - 1);

    // Collect the difference.
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Paid');

    // Ship the rest: the board and the cap.
    await page.getByRole('link', { name: 'Fulfill items' }).click();
    await page.waitForURL(`**/orders/${order.id}/fulfill`);
    await expect.poll(() => page.getByTestId('fulfill-line').count()).toBe(2);
    await page.getByTestId('fulfill-submit').click();
    await page.waitForURL(`**/orders/${order.id}`);
    await expect.poll(() => page.getByTestId('fulfillment-status').first().textContent()).toBe('Fulfilled');
    await shot(page, 'order-after-edit-1440');
    const capAfter = await stockOf(api, cap.variantId);
    expect(capAfter).toEqual({ ...capBefore, onHand: capBefore.onHand - 1 });
    await context.close();
  });

  it('asks why a price changes, adds a custom item, and suggests the refund when the total falls', async () => {
    const order = await paidPartlyShipped();
    const { context, page } = await newPage(browser, server.url, WIDE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}/edit`);
    const boardRow = page.getByTestId('edit-line').filter({ hasText: 'Oak Board' });
    await boardRow.getByRole('button', { name: 'Change price' }).click();
    await boardRow.getByRole('textbox', { name: 'New price of Oak Board' }).fill('5.00');
    // The server's rule, next to the box it is about.
    await boardRow.getByText('Say why.').waitFor();
    await boardRow.getByRole('textbox', { name: 'Why the price of Oak Board changes' }).fill('Scratched');
    await boardRow.getByText('Say why.').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add custom item' }).click();
    const custom = page.getByTestId('edit-custom-form');
    await custom.getByRole('textbox', { name: 'Title' }).fill('Gift wrap');
    await custom.getByRole('textbox', { name: 'Price', exact: true }).fill('2.00');
    await custom.getByRole('checkbox', { name: 'Taxable' }).uncheck();
    await custom.getByRole('checkbox', { name: 'Requires shipping' }).uncheck();
    await custom.getByRole('button', { name: 'Add item' }).click();
    await page.getByTestId('edit-added').filter({ hasText: 'Gift wrap' }).getByText('Added').waitFor();

    // 3×10 + 5 + 2 + 5 shipping = 42, and 45 was paid: a refund is suggested, never made.
    const delta = page.getByTestId('edit-payment-delta');
    await delta.getByText('Refund $3.00 suggested').waitFor();
    expect(await delta.getByRole('link', { name: 'refund it on the order' }).getAttribute('href')).toBe(
      `/orders/${order.id}/refund`,
    );
    await page.getByRole('textbox', { name: 'Reason' }).fill('Scratched board, wrapped as a gift');
    await page.getByTestId('edit-submit').click();
    await page.waitForURL(`**/orders/${order.id}`);
    await page.getByTestId('order-total').getByText('$42.00').waitFor();
    // Paid $45.00 for what now costs $42.00: the order says so until the difference is refunded.
    await page.getByTestId('order-overpaid').getByText('$3.00').waitFor();
    await page
      .getByTestId('order-timeline')
      .getByText(/Edited by/)
      .first()
      .waitFor();
    await context.close();
  });

  it('works 390 px wide, and says so with Reload when the order changed meanwhile', async () => {
    const order = await paidPartlyShipped();
    const { context, page } = await newPage(browser, server.url, NARROW);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}/edit`);
    await page.getByRole('button', { name: 'One more Oak Board' }).click();
    await page.getByTestId('edit-payment-delta').getByText('Customer owes $10.00').waitFor();
    expect(await wideElements(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Reason' }).fill('One more board');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'order-edit-390');

    // Someone else changes the order while the page is open.
    const noted = await api.request<{ orderUpdate: { userErrors: unknown[] } }>(
      `mutation($id: ID!) { orderUpdate(id: $id, input: { note: "Gift" }) { userErrors { message } } }`,
      { id: order.id },
    );
    expect(noted.orderUpdate.userErrors).toEqual([]);
    await page.getByTestId('edit-submit').click();
    const stale = page.getByTestId('edit-stale');
    await stale.getByText(/Reload clears the changes made here/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'order-edit-stale-390');
    await stale.getByRole('button', { name: 'Reload' }).click();
    await stale.waitFor({ state: 'detached' });
    // Started again from the order as it is: nothing changed yet.
    await page.getByTestId('edit-submit-hint').getByText('Change an item').waitFor();
    await context.close();
  });

  it('offers no Edit on a cancelled order, and the edit page says why', async () => {
    const order = await placeOrder(api, {
      email: 'mia@example.com',
      shippingAddress: ADDRESS,
      lines: [{ variantId: board.variantId, quantity: 1 }],
    });
    const cancelled = await api.request<{ orderCancel: { userErrors: unknown[] } }>(
      `mutation($id: ID!) { orderCancel(id: $id, reason: "Ordered twice", notifyCustomer: false) { userErrors { message } } }`,
      { id: order.id },
    );
    expect(cancelled.orderCancel.userErrors).toEqual([]);
    const { context, page } = await newPage(browser, server.url, NARROW);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}`);
    await page.getByTestId('order-cancelled').waitFor();
    expect(await page.getByTestId('order-edit').count()).toBe(0);
    await page.goto(`/orders/${order.id}/edit`);
    await page.getByTestId('edit-refused').getByText('A cancelled order stays as it was.').waitFor();
    await context.close();
  });

  it("asks why a code stays when the edit takes the order below the code's minimum", async () => {
    const made = await api.request<{ discountCreate: { userErrors: unknown[] } }>(
      `mutation($input: DiscountInput!) { discountCreate(input: $input) { userErrors { message } } }`,
      {
        input: {
          code: 'BIG5',
          kind: 'FIXED_AMOUNT',
          value: '5.00',
          appliesTo: 'ALL',
          minimumSubtotal: '30.00',
        },
      },
    );
    expect(made.discountCreate.userErrors).toEqual([]);
    const order = await placeOrder(api, {
      email: 'mia@example.com',
      shippingAddress: ADDRESS,
      discountCode: 'BIG5',
      lines: [
        { variantId: shirt.variantId, quantity: 2 },
        { variantId: board.variantId, quantity: 2 },
      ],
    });
    const { context, page } = await newPage(browser, server.url, WIDE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/orders/${order.id}/edit`);
    await page.getByTestId('edit-discount-code').getByText('BIG5').waitFor();
    // $40 → $20: below the code's $30 minimum.
    await page.getByRole('button', { name: 'Remove Oak Board' }).click();
    await page.getByTestId('edit-line').filter({ hasText: 'Oak Board' }).getByText('Removed').waitFor();
    const minimum = page.getByTestId('edit-discount-minimum');
    await minimum.waitFor();
    await minimum.getByRole('textbox', { name: 'Why the code stays' }).fill('Promised on the phone');
    await page.getByRole('textbox', { name: 'Reason' }).fill('Board out of stock');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'order-edit-minimum-1440');
    await page.getByTestId('edit-submit').click();
    await page.waitForURL(`**/orders/${order.id}`);
    // 2 × 10 − 5.
    await page.getByTestId('order-total').getByText('$15.00').waitFor();
    await page
      .getByTestId('order-timeline')
      .getByText(/Edited by/)
      .first()
      .waitFor();
    await context.close();
  });
});
