import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** #16 item 1: a new product gets its first stock from its own variant page. */
describe('receiving the first stock of a new product', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let productId: string;
  let variantId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await createLocation(api, 'Back Room');
    ({ productId, variantId } = await createProduct(api, { title: 'Canvas Tote', sku: 'TOTE-1' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('receives units at a chosen location with a note, on a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto(`/products/${productId}/variants/${variantId}`);
    // The variant has its level at Back Room since it was made, at zero.
    await page.getByText('Nothing on hand yet. Receive the first units below.').waitFor();
    await page
      .getByTestId('variant-levels')
      .getByRole('row', { name: /^Back Room\s*0\s*0/ })
      .waitFor();
    const form = page.getByRole('form', { name: 'Receive stock' });
    await form.getByRole('button', { name: 'Receive' }).click();
    await form.getByRole('alert').getByText('Enter how many units arrived (1 or more).').waitFor();

    await form.getByLabel('Location').click();
    await page.getByRole('option', { name: 'Back Room' }).click();
    await form.getByRole('textbox', { name: 'Units received' }).fill('12');
    await form.getByRole('textbox', { name: 'Note' }).fill('First delivery from the workshop');
    await form.getByRole('button', { name: 'Receive' }).click();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: '12 units added at Back Room.' })
      .waitFor();
    const levels = page.getByTestId('variant-levels');
    await levels.getByRole('row', { name: /Back Room\s+12\s+0\s+12/ }).waitFor();
    await page.getByText('First delivery from the workshop').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'variant-receive-phone');

    const stock = await api.request<{
      node: { inventoryLevels: { onHand: number; location: { name: string } }[] };
    }>(
      `query($id: ID!) { node(id: $id) { ... on ProductVariant { inventoryLevels { onHand location { name } } } } }`,
      { id: variantId },
    );
    expect(stock.node.inventoryLevels).toEqual([{ onHand: 12, location: { name: 'Back Room' } }]);
    await context.close();
  });
});
