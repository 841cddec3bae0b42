import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi, type Api } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** The variant's stored weight, in grams, as the API has it. */
async function storedGrams(api: Api, productId: string): Promise<number | null> {
  const data = await api.request<{ product: { variants: { weightGrams: number | null }[] } }>(
    `query($id: ID!) { product(id: $id) { variants { weightGrams } } }`,
    { id: productId },
  );
  return data.product.variants[0]!.weightGrams;
}

// Issue #16 item 7: weight is entered and shown in the store's unit and stored in grams; addresses
// are laid out per country.
describe('weights in the store’s unit and addresses per country', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let productId: string;
  let variantId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    ({ productId, variantId } = await createProduct(api, { title: 'Wool Blanket', sku: 'BLK-1' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('takes 1.5 kg in the product editor, stores 1,500 g and shows 1.5 kg again', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/products/${productId}`);
    const weight = page.getByRole('textbox', { name: 'Weight (kg) of Default' });
    await weight.fill('1.5');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => storedGrams(api, productId)).toBe(1500);
    await page.reload();
    await expect.poll(() => weight.inputValue()).toBe('1.5');
    await shot(page, 'weight-kg-desktop');
    await context.close();
  });

  it('shows the same weight in pounds once the store weighs in pounds, on a phone', async () => {
    await api.request(`mutation { shopUpdate(input: { weightUnit: "LB" }) { userErrors { message } } }`);
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/products/${productId}/variants/${variantId}`);
    const weight = page.getByRole('textbox', { name: 'Weight (lb)', exact: true });
    await expect.poll(() => weight.inputValue()).toBe('3.307');
    await weight.fill('2');
    await page.getByRole('form', { name: 'Variant' }).getByRole('button', { name: /Save/ }).click();
    // 2 lb is 907.18 g: whole grams are stored.
    await expect.poll(() => storedGrams(api, productId)).toBe(907);
    await shot(page, 'weight-lb-phone');
    await context.close();
  });

  it('lays out a customer’s addresses the way each country writes them', async () => {
    const created = await api.request<{ customerCreate: { customer: { id: string } } }>(
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { id } } }`,
      {
        input: {
          email: 'tim@example.com',
          firstName: 'Tim',
          lastName: 'Cook',
          addresses: [
            {
              line1: '1 Infinite Loop',
              city: 'Cupertino',
              region: 'CA',
              postalCode: '95014',
              countryCode: 'US',
            },
            { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10115', countryCode: 'DE' },
          ],
        },
      },
    );
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/customers/${created.customerCreate.customer.id}`);
    await page.getByText('Cupertino, CA 95014', { exact: true }).waitFor();
    await page.getByText('10115 Berlin', { exact: true }).waitFor();
    await shot(page, 'customer-addresses-desktop');
    await context.close();
  });
});
