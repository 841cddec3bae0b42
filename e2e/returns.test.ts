import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, stockOf, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { paidShippedOrder } from './support/orders';
import { shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PACKER = { email: 'pat@example.com', name: 'Pat Packer', password: 'boxes-out-boxes-in-7' };
/** Issue #31's screens: take a return on the order page, receive it on a phone, settle it. */
describe('returns', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let mug: { variantId: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...PACKER, roleKeys: ['fulfillment'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    mug = await createProduct(api, { title: 'Stoneware Mug', sku: 'MUG-1', status: 'ACTIVE' });
    await receiveStock(api, mug.variantId, main, 20);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('takes a return of two shipped units, receives one restocked and one damaged by SKU on a phone, and settles it', async () => {
    const order = await paidShippedOrder(api, mug.variantId, 3);
    const before = await stockOf(api, mug.variantId);

    // The owner takes the return from the order page.
    const desk = await newPage(browser, server.url);
    await signIn(desk.page, server.ownerEmail, server.ownerPassword);
    await desk.page.goto(`/orders/${order.id}`);
    await desk.page.getByTestId('order-return').click();
    await desk.page.waitForURL(`**/orders/${order.id}/return`);
    const line = desk.page.getByTestId('return-line');
    await line.getByRole('button', { name: 'One more Stoneware Mug' }).click();
    await line.getByRole('button', { name: 'One more Stoneware Mug' }).click();
    // No reason yet: nothing is sent, and the line says what is missing.
    await desk.page.getByTestId('return-submit').click();
    await line.getByText('Choose why it comes back.').waitFor();
    await line.getByLabel('Reason').selectOption('DEFECTIVE');
    // The live settlement: two of three units at $10.00 each.
    await desk.page.getByTestId('return-summary').getByText('$20.00').first().waitFor();
    await desk.page.getByTestId('return-submit').click();
    await desk.page.waitForURL(/\/returns\/ret_/);
    const returnPath = new URL(desk.page.url()).pathname;
    await desk.page.getByRole('button', { name: 'Mark as awaiting receipt' }).click();
    await desk.page.getByText('Awaiting receipt').first().waitFor();

    // The packer receives it on a phone: the scanner types into the focused field.
    const phone = await newPage(browser, server.url, PHONE);
    await signIn(phone.page, PACKER.email, PACKER.password);
    await phone.page.goto(returnPath);
    const scan = phone.page.getByTestId('receive-scan');
    await scan.waitFor();
    await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan.fill('NOT-HERE');
    await scan.press('Enter');
    await phone.page.getByText('No item on this return has the SKU or barcode "NOT-HERE".').waitFor();
    await scan.fill('mug-1');
    await scan.press('Enter');
    await phone.page.keyboard.press('Enter');
    await scan.fill('MUG-1');
    await scan.press('Enter');
    await phone.page.getByTestId('receive-panel').locator('label', { hasText: 'Damaged' }).click();
    await phone.page.getByRole('button', { name: 'Add to list' }).click();
    const pending = phone.page.getByTestId('receive-pending');
    await pending.getByText('Restock · Main warehouse').waitFor();
    await pending.getByText('Damaged · Main warehouse').waitFor();
    await phone.page.getByTestId('receive-submit').click();
    await phone.page.getByText('1 restocked').waitFor();
    await phone.page.getByText('1 damaged').waitFor();
    await expect.poll(() => phone.page.getByTestId('receive-panel').count()).toBe(0);
    // The packer may settle too (RETURNS_WRITE); the owner does it here.
    await phone.context.close();

    await desk.page.reload();
    const settle = desk.page.getByTestId('settle-submit');
    await expect.poll(() => settle.textContent()).toContain('$20.00');
    await desk.page.getByRole('textbox', { name: 'Refund amount' }).fill('25.00');
    await desk.page.getByText('At most $20.00').waitFor();
    expect(await settle.isDisabled()).toBe(true);
    await desk.page.getByRole('button', { name: 'Use the amount owed' }).click();
    await settle.click();
    await desk.page.getByText('Settled', { exact: true }).first().waitFor();
    await desk.context.close();

    const after = await stockOf(api, mug.variantId);
    expect(after.onHand).toBe(before.onHand + 1);
    expect(after.damaged).toBe(before.damaged + 1);
    const refunded = await api.request<{ order: { totalRefunded: { amount: string } } }>(
      `query($id: ID!) { order(id: $id) { totalRefunded { amount } } }`,
      { id: order.id },
    );
    expect(refunded.order.totalRefunded.amount).toBe('20.00');
  });

  it('exchanges a returned unit for another item at a different price and tax: the customer owes the difference on the order', async () => {
    const main = await createLocation(api, 'Exchange shelf');
    const tax = await api.request<{ taxRateCreate: { userErrors: { message: string }[] } }>(
      `mutation { taxRateCreate(input: { countryCode: "US", name: "Sales tax", rate: "10" }) { userErrors { message } } }`,
    );
    expect(tax.taxRateCreate.userErrors).toEqual([]);
    const made = await api.request<{
      productCreate: { product: { variants: { id: string }[] } | null; userErrors: { message: string }[] };
    }>(
      `mutation($input: ProductInput!) { productCreate(input: $input) { product { variants { id } } userErrors { message } } }`,
      {
        input: {
          title: 'Linen Shirt',
          status: 'ACTIVE',
          variants: [{ sku: 'SHIRT-L', price: '24.00', trackInventory: true }],
        },
      },
    );
    expect(made.productCreate.userErrors).toEqual([]);
    const shirt = made.productCreate.product!.variants[0]!.id;
    await receiveStock(api, shirt, main, 5);
    // One mug at $10.00 + 10% tax: $11.00 paid.
    const order = await paidShippedOrder(api, mug.variantId, 1);
    const figures = () =>
      api.request<{
        order: { customer: { totalSpent: { amount: string } } };
        node: { inventoryLevels: { onHand: number; committed: number }[] };
      }>(
        `query($id: ID!, $shirt: ID!) { order(id: $id) { customer { totalSpent { amount } } }
          node(id: $shirt) { ... on ProductVariant { inventoryLevels { onHand committed } } } }`,
        { id: order.id, shirt },
      );
    const before = await figures();

    const desk = await newPage(browser, server.url, { width: 1440, height: 900 });
    await signIn(desk.page, server.ownerEmail, server.ownerPassword);
    await desk.page.goto(`/orders/${order.id}/return`);
    const line = desk.page.getByTestId('return-line');
    await line.getByRole('button', { name: 'One more Stoneware Mug' }).click();
    await line.getByLabel('Reason').selectOption('UNWANTED');

    // Exchange for the shirt, found by SKU with the drafts' item search.
    const section = desk.page.getByTestId('exchange-section');
    await section.getByRole('combobox', { name: 'Add a new item' }).fill('SHIRT-L');
    await section.getByRole('option', { name: /Linen Shirt/ }).click();
    await section.getByTestId('exchange-item').getByText('$24.00 today').waitFor();
    // Today's price needs no reason; a different one does.
    expect(await section.getByRole('textbox', { name: /Why the price of/ }).count()).toBe(0);
    await section.getByRole('textbox', { name: 'Price of Linen Shirt' }).fill('22.00');
    const reason = section.getByRole('textbox', { name: 'Why the price of Linen Shirt differs' });
    await reason.waitFor();
    await desk.page.getByTestId('return-submit').click();
    await section.getByText('Say why the price differs from today’s.').waitFor();
    await reason.fill('Price match');

    // 22.00 + 2.20 tax (10% today) − 11.00 credit = 13.20 owed.
    const summary = desk.page.getByTestId('return-summary');
    await summary.getByText('$24.20').waitFor();
    const difference = summary.getByTestId('return-difference');
    await expect.poll(() => difference.textContent()).toBe('Customer owes$13.20');
    await shot(desk.page, '20-exchange-create-desktop');
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await shot(desk.page, '21-exchange-create-phone');
    await desk.page.setViewportSize({ width: 1440, height: 900 });

    await desk.page.getByTestId('return-submit').click();
    await desk.page.waitForURL(/\/returns\/ret_/);
    const card = desk.page.getByTestId('exchange-card');
    await card.getByText('Linen Shirt').waitFor();
    await card.getByText('Not shipped').waitFor();
    await card.getByText('Price match', { exact: false }).waitFor();
    expect(await card.getByTestId('exchange-fulfill-link').getAttribute('href')).toBe(
      `/orders/${order.id}/fulfill`,
    );
    const settlePanel = desk.page.getByTestId('settle-panel');
    await settlePanel.getByText('The customer owes $13.20: collect it on the order.').waitFor();
    const settle = desk.page.getByTestId('settle-submit');
    await expect.poll(() => settle.textContent()).toBe('Settle with no refund');
    await shot(desk.page, '22-exchange-return-desktop');
    await desk.page.setViewportSize({ width: 390, height: 844 });
    await shot(desk.page, '23-exchange-return-phone');
    await desk.page.setViewportSize({ width: 1440, height: 900 });
    await settle.click();
    await desk.page.getByText('Settled', { exact: true }).first().waitFor();

    const after = await api.request<{
      order: {
        paymentStatus: string;
        outstanding: { amount: string };
        exchangeCredit: { amount: string };
        totalRefunded: { amount: string };
      };
    }>(
      `query($id: ID!) { order(id: $id) { paymentStatus outstanding { amount } exchangeCredit { amount } totalRefunded { amount } } }`,
      { id: order.id },
    );
    expect(after.order).toMatchObject({
      paymentStatus: 'PARTIALLY_PAID',
      outstanding: { amount: '13.20' },
      exchangeCredit: { amount: '11.00' },
      totalRefunded: { amount: '0.00' },
    });
    // The customer spent what they owe on top; the shirt is committed to ship, the mug back on hand.
    const now = await figures();
    expect(
      Math.round(Number(now.order.customer.totalSpent.amount) * 100) -
        Math.round(Number(before.order.customer.totalSpent.amount) * 100),
    ).toBe(1320);
    const sum = (f: Awaited<ReturnType<typeof figures>>) =>
      f.node.inventoryLevels.reduce((a, l) => [a[0]! + l.onHand, a[1]! + l.committed], [0, 0]);
    expect(sum(before)).toEqual([5, 0]);
    expect(sum(now)).toEqual([5, 1]);
    await desk.page.goto(`/orders/${order.id}`);
    await expect.poll(() => desk.page.getByTestId('order-outstanding').textContent()).toContain('$13.20');
    await expect
      .poll(() => desk.page.getByTestId('order-exchange-credit').textContent())
      .toContain('−$11.00');
    await desk.page.getByText('Partially paid').first().waitFor();
    await shot(desk.page, '24-exchange-order-desktop');
    await desk.context.close();
  });
});
