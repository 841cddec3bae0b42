import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';
import { shot } from './support/look';

/** The phone of issue #26 §4: 390 px wide. */
const PHONE_390 = { width: 390, height: 844 };

/** Messages under inputs (Mantine's) in a part of the page. */
const inputErrors = (page: Page, testIdOrText: string) =>
  page
    .locator('section, div')
    .filter({ has: page.getByText(testIdOrText, { exact: true }) })
    .last()
    .locator('.mantine-InputWrapper-error');

/**
 * A draft that reads right and an order that reaches its customer (issue #26 §1.5, §3, §4): the
 * address form opens quiet and with the customer's name, lines read price × quantity, a completed
 * draft shows its order's figures read-only, and the customer keeps the address and sees the order
 * and its refund on their timeline.
 */
describe('drafts: the customer, the address and the placed order', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let apron: { variantId: string };
  let customerId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const main = await createLocation(api, 'Main warehouse');
    apron = await createProduct(api, { title: 'Linen Apron', sku: 'APRON-1' });
    await receiveStock(api, apron.variantId, main, 20);
    const zone = await api.request<{ shippingZoneCreate: { zone: { id: string } } }>(
      `mutation { shippingZoneCreate(input: { name: "US", countries: ["US"] }) { zone { id } } }`,
    );
    await api.request(
      `mutation($z: ID!) { shippingRateCreate(zoneId: $z, input: { name: "Ground", price: "6.00" }) { userErrors { message } } }`,
      { z: zone.shippingZoneCreate.zone.id },
    );
    await api.request(
      `mutation { taxRateCreate(input: { countryCode: "US", name: "Sales tax", rate: "10" }) { userErrors { message } } }`,
    );
    await api.request(
      `mutation($input: DiscountInput!) { discountCreate(input: $input) { userErrors { message } } }`,
      { input: { code: 'FIVEOFF', kind: 'FIXED_AMOUNT', value: '5.00', appliesTo: 'ALL' } },
    );
    const customer = await api.request<{ customerCreate: { customer: { id: string } } }>(
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } userErrors { message } } }`,
      { input: { firstName: 'Rosa', lastName: 'Parks', email: 'rosa@example.com' } },
    );
    customerId = customer.customerCreate.customer.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function chooseRosa(page: Page) {
    await page.goto('/drafts/new');
    await page.getByRole('combobox', { name: 'Find a customer' }).fill('Rosa');
    await page.getByRole('option', { name: /Rosa Parks/ }).click();
    await page.getByTestId('draft-customer').getByText('rosa@example.com').first().waitFor();
  }

  async function openAddressQuietly(page: Page, [first, last] = ['Rosa', 'Parks']) {
    await page.getByRole('button', { name: 'Add shipping address' }).click();
    // The customer's name is in it; the rest is to type.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Shipping first name' }).inputValue())
      .toBe(first);
    expect(await page.getByRole('textbox', { name: 'Shipping last name' }).inputValue()).toBe(last);
    // The server's answer to the half-empty address has come (it refuses it) and nothing is said yet.
    await page.waitForTimeout(1200);
    expect(await inputErrors(page, 'Addresses').count()).toBe(0);
    expect(await page.getByText(/Invalid input|expected string/).count()).toBe(0);
  }

  it('takes the order on a desktop: quiet address form, price × quantity, then the placed figures', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await chooseRosa(page);
    await openAddressQuietly(page);

    // Typing the street, then leaving the city empty: the message is in words, under the city, once typed in.
    await page.getByRole('textbox', { name: 'Shipping address' }).fill('100 Main St');
    await page.getByRole('textbox', { name: 'Shipping city' }).fill('X');
    await page.getByRole('textbox', { name: 'Shipping city' }).fill('');
    await page.getByText('Enter the city.').waitFor();
    await page.getByRole('textbox', { name: 'Shipping city' }).fill('Springfield');
    await page.getByRole('textbox', { name: 'Shipping postal code' }).fill('62701');
    await expect.poll(() => page.getByText('Enter the city.').count()).toBe(0);

    const addItems = page.getByRole('combobox', { name: 'Add items' });
    await addItems.fill('APRON-1');
    await page.getByRole('option', { name: /Linen Apron/ }).waitFor();
    await addItems.press('Enter');
    await page.getByRole('textbox', { name: 'Quantity of Linen Apron' }).fill('2');
    await page.getByRole('radio', { name: /Ground/ }).check();
    await page.getByRole('textbox', { name: 'Discount code' }).fill('FIVEOFF');
    await page.getByRole('button', { name: 'Apply' }).click();
    // 20.00 − 5.00 + 6.00 shipping + 10 % tax on 21.00 = 23.10.
    const totals = page.getByTestId('draft-totals');
    await totals.getByText('$23.10').waitFor();
    // The line: price × quantity, the discount on it, and what that leaves before tax.
    const amount = page.getByTestId('draft-line-amount');
    await amount.getByText('$10.00 × 2').waitFor();
    await amount.getByText('−$5.00 discount').waitFor();
    await amount.getByText('$15.00', { exact: true }).waitFor();
    expect(await page.getByTestId('draft-customer').count()).toBe(1);
    await shot(page, 'draft-open-desktop');

    await page.getByTestId('draft-complete').click();
    await page.getByRole('radio', { name: /Mark as paid/ }).check();
    await page.getByTestId('draft-complete-confirm').click();
    await page.waitForURL('**/orders/**');
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    // The completed draft: its order's figures, read-only, with a link to the order.
    const drafts = await api.request<{ draftOrders: { nodes: { id: string }[] } }>(
      `{ draftOrders(first: 1, query: "status:completed") { nodes { id } } }`,
    );
    await page.goto(`/drafts/${drafts.draftOrders.nodes[0]!.id}`);
    await totals.getByText('$23.10').waitFor();
    await totals.getByText('$6.00').waitFor();
    await totals.getByText('−$5.00').waitFor();
    const link = page.getByTestId('draft-placed').getByRole('link');
    expect(await link.getAttribute('href')).toBe(`/orders/${orderId}`);
    await page.getByTestId('draft-placed-shipping').getByText('Ground · $6.00').waitFor();
    await page
      .getByTestId('draft-discount-message')
      .getByText(/Applied/)
      .waitFor();
    expect(await page.getByText('Checking…').count()).toBe(0);
    expect(await page.getByText(/No shipping rate applies/).count()).toBe(0);
    await amount.getByText('$10.00 × 2').waitFor();
    expect(await page.getByTestId('draft-complete').count()).toBe(0);
    expect(
      await page.getByRole('textbox', { name: 'Shipping city' }).getAttribute('readonly'),
    ).not.toBeNull();
    await shot(page, 'draft-completed-desktop');

    // The customer keeps the address and sees the order, then its refund, on their timeline.
    const orderName = (await link.textContent())!;
    await page.goto(`/customers/${customerId}`);
    await page.getByTestId('address-card').getByText('100 Main St').waitFor();
    expect(await page.getByText('No addresses yet.').count()).toBe(0);
    const placed = page
      .getByTestId('timeline-order')
      .filter({ hasText: `Placed order ${orderName} ($23.10)` });
    await placed.waitFor();
    expect(await placed.getByRole('link', { name: orderName }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    );
    const refunded = await api.request<{ orderRefund: { userErrors: { message: string }[] } }>(
      `mutation($input: OrderRefundInput!) { orderRefund(input: $input) { userErrors { message } } }`,
      { input: { orderId, amount: '3.00' } },
    );
    expect(refunded.orderRefund.userErrors).toEqual([]);
    await page.reload();
    await page
      .getByTestId('timeline-order')
      .filter({ hasText: `Refunded $3.00 on ${orderName}` })
      .waitFor();
    await shot(page, 'customer-timeline-desktop');
    await context.close();
  });

  it('on a 390 px phone: one Customer card, and the address form opens quiet with the name', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/drafts/new');
    await page.getByRole('combobox', { name: 'Find a customer' }).waitFor();
    expect(await page.getByTestId('draft-customer').count()).toBe(1);
    await chooseRosa(page);
    expect(await page.getByTestId('draft-customer').count()).toBe(1);
    // Rosa has an address now (from the order above): it fills the shipping address.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Shipping address' }).inputValue())
      .toBe('100 Main St');
    const addItems = page.getByRole('combobox', { name: 'Add items' });
    await addItems.fill('APRON-1');
    await page.getByRole('option', { name: /Linen Apron/ }).waitFor();
    await addItems.press('Enter');
    await page.getByTestId('draft-line-amount').getByText('$10.00 × 1').waitFor();
    await shot(page, 'draft-open-phone');
    await context.close();

    // A customer without an address: the form opens with their name and no message.
    const fresh = await newPage(browser, server.url, PHONE_390);
    await signIn(fresh.page, server.ownerEmail, server.ownerPassword);
    await api.request(
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { userErrors { message } } }`,
      { input: { firstName: 'Rita', lastName: 'Moreno', email: 'rita@example.com' } },
    );
    await fresh.page.goto('/drafts/new');
    await fresh.page.getByRole('combobox', { name: 'Find a customer' }).fill('Rita');
    await fresh.page.getByRole('option', { name: /Rita Moreno/ }).click();
    await openAddressQuietly(fresh.page, ['Rita', 'Moreno']);
    await shot(fresh.page, 'draft-address-phone');
    await fresh.context.close();
  });
});
