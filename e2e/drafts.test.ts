import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

const SUPPORT = { email: 'sue@example.com', name: 'Sue Port', password: 'kind-words-every-day-8' };

async function level(api: Api, variantId: string): Promise<{ onHand: number; committed: number }> {
  const data = await api.request<{ node: { inventoryLevels: { onHand: number; committed: number }[] } }>(
    `query($id: ID!) { node(id: $id) { ... on ProductVariant { inventoryLevels { onHand committed } } } }`,
    { id: variantId },
  );
  return data.node.inventoryLevels[0]!;
}

/** SPEC §2 drafts and refunds, the whole story a support person lives (issue: acceptance). */
describe('drafts: an order taken by phone, paid, shipped and partly refunded', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let apron: { variantId: string };
  let board: { variantId: string };
  let customerId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...SUPPORT, roleKeys: ['support'] });
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    board = await createProduct(api, { title: 'Oak Board', sku: 'BOARD-1' });
    await receiveStock(api, apron.variantId, main, 20);
    await receiveStock(api, board.variantId, main, 20);
    const zone = await api.request<{ shippingZoneCreate: { zone: { id: string } } }>(
      `mutation { shippingZoneCreate(input: { name: "US", countries: ["US"] }) { zone { id } } }`,
    );
    await api.request(
      `mutation($z: ID!) { shippingRateCreate(zoneId: $z, input: { name: "Ground", price: "6.00" }) { userErrors { message } } }`,
      { z: zone.shippingZoneCreate.zone.id },
    );
    const customer = await api.request<{ customerCreate: { customer: { id: string } } }>(
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } userErrors { message } } }`,
      {
        input: {
          firstName: 'Mia',
          lastName: 'Wong',
          email: 'mia@example.com',
          addresses: [
            {
              firstName: 'Mia',
              lastName: 'Wong',
              line1: '12 Harbour St',
              city: 'Portland',
              region: 'OR',
              postalCode: '97201',
              countryCode: 'US',
            },
          ],
        },
      },
    );
    customerId = customer.customerCreate.customer.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets support take the order, complete it, mark it paid, ship it and refund one unit', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Drafts' })
      .click();
    await page.getByRole('link', { name: 'Create draft' }).first().click();
    await page.waitForURL('**/drafts/new');

    // The customer by name; their address fills the shipping address.
    const findCustomer = page.getByRole('combobox', { name: 'Find a customer' });
    await findCustomer.fill('Mia');
    await page.getByRole('option', { name: /Mia Wong/ }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Shipping city' }).inputValue())
      .toBe('Portland');

    // Two variants by keyboard: type, Enter takes the first match.
    const addItems = page.getByRole('combobox', { name: 'Add items' });
    await addItems.fill('APRON-1');
    await page.getByRole('option', { name: /Linen Apron/ }).waitFor();
    await addItems.press('Enter');
    await addItems.fill('Oak');
    await page.getByRole('option', { name: /Oak Board/ }).waitFor();
    await addItems.press('Enter');
    await expect.poll(() => page.getByTestId('draft-line').count()).toBe(2);
    await page.getByRole('textbox', { name: 'Quantity of Oak Board' }).fill('2');

    // A custom item, and a lower price for the apron with a reason.
    await page.getByRole('button', { name: 'Custom item' }).click();
    const custom = page.getByRole('dialog');
    await custom.getByRole('textbox', { name: 'Item' }).fill('Engraving');
    await custom.getByRole('textbox', { name: 'Price' }).fill('4.50');
    await custom.getByRole('button', { name: 'Add item' }).click();
    await page.getByTestId('draft-line').first().getByRole('button', { name: 'Change price' }).click();
    const pricing = page.getByRole('dialog');
    await pricing.getByRole('textbox', { name: 'New price' }).fill('8.00');
    await pricing.getByRole('textbox', { name: 'Reason' }).fill('Loyal customer');
    await pricing.getByRole('button', { name: 'Change price' }).click();

    // The rate that applies, and the totals from the server: 8.00 + 20.00 + 4.50 + 6.00 shipping.
    await page.getByRole('radio', { name: /Ground/ }).check();
    const totals = page.getByTestId('draft-totals');
    await totals.getByText('$38.50').waitFor();
    await shot(page, 'draft-editor-desktop');
    await page.getByTestId('draft-save').click();
    await page.waitForURL(/\/drafts\/(?!new)/);

    // Reload: the draft is what was saved; nothing is reserved yet.
    await page.reload();
    await expect.poll(() => page.getByTestId('draft-line').count()).toBe(3);
    expect((await level(api, board.variantId)).committed).toBe(0);

    await page.getByTestId('draft-complete').click();
    await page.getByRole('radio', { name: /Payment pending/ }).check();
    await page.getByTestId('draft-complete-confirm').click();
    await page.waitForURL('**/orders/**');
    await page.getByTestId('price-override').getByText('Price changed: Loyal customer').waitFor();
    expect((await level(api, board.variantId)).committed).toBe(2);

    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => page.getByTestId('payment-status').first().textContent()).toBe('Paid');
    await page.getByRole('link', { name: 'Fulfill items' }).click();
    await page.getByTestId('fulfill-submit').click();
    await expect.poll(() => page.getByTestId('fulfillment-status').first().textContent()).toBe('Fulfilled');
    expect(await level(api, board.variantId)).toEqual({ onHand: 18, committed: 0 });

    // One board comes back and goes on the shelf.
    await page.getByRole('link', { name: 'Refund' }).click();
    await page.getByRole('button', { name: 'One more Oak Board' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Refund amount' }).inputValue()).toBe('10.00');
    await page.getByTestId('refund-submit').click();
    await page.waitForURL(/\/orders\/[^/]+$/);
    await expect
      .poll(() => page.getByTestId('payment-status').first().textContent())
      .toBe('Partially refunded');
    await page.getByTestId('order-timeline').getByText('Refunded $10.00').first().waitFor();
    expect(await level(api, board.variantId)).toEqual({ onHand: 19, committed: 0 });

    // The ledger says why, and the customer's spend dropped by the refund.
    const ledger = await api.request<{
      inventoryMovements: { nodes: { reason: string; onHandDelta: number }[] };
    }>(`query($v: ID!) { inventoryMovements(variantId: $v, first: 1) { nodes { reason onHandDelta } } }`, {
      v: board.variantId,
    });
    expect(ledger.inventoryMovements.nodes[0]).toEqual({ reason: 'RESTOCKED', onHandDelta: 1 });
    const spent = await api.request<{ node: { totalSpent: { amount: string } } }>(
      `query($id: ID!) { node(id: $id) { ... on Customer { totalSpent { amount } } } }`,
      { id: customerId },
    );
    expect(spent.node.totalSpent.amount).toBe('28.50');
    await context.close();
  });

  it('lists drafts and opens one on a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, SUPPORT.email, SUPPORT.password);
    await page.goto('/drafts/new');
    const addItems = page.getByRole('combobox', { name: 'Add items' });
    await addItems.fill('BOARD-1');
    await page.getByRole('option', { name: /Oak Board/ }).waitFor();
    await addItems.press('Enter');
    await page.getByTestId('draft-totals').getByText('$10.00').first().waitFor();
    await shot(page, 'draft-editor-phone');
    await page.getByTestId('draft-save').click();
    await page.waitForURL(/\/drafts\/(?!new)/);
    await page.goto('/drafts?q=status%3Aopen');
    await expect.poll(() => page.getByTestId('draft-row').count()).toBe(1);
    await shot(page, 'drafts-list-phone');
    await context.close();
  });
});
