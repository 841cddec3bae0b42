import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApi } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const MANAGER = { email: 'cat@example.com', name: 'Cat Manager', password: 'tidy-catalog-tidy-mind-4' };
const HOW_MANY = 30;
/** "Scarf 01" … "Scarf 30": sorted by title, the page of 24 ends at 24 and the next starts at 25. */
const title = (i: number) => `Scarf ${String(i).padStart(2, '0')}`;

/** The product titles of the card's current page. */
async function listed(page: Page, card: string): Promise<string[]> {
  const rows = page.getByTestId(card).getByTestId('listed-product');
  return (await rows.allTextContents()).map((t) => t.trim());
}

// Issue #16 item 4: a category page lists its products, and an automated collection pages through
// all its members instead of stopping at 30 with "… and N more".
describe('a category’s and a collection’s products', () => {
  let server: TestServer;
  let browser: Browser;
  let categoryId: string;
  let collectionId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...MANAGER, roleKeys: ['catalog-manager'] });
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    const category = await api.request<{ categoryCreate: { category: { id: string } } }>(
      `mutation { categoryCreate(input: { name: "Winter scarves" }) { category { id } } }`,
    );
    categoryId = category.categoryCreate.category.id;
    for (let i = 1; i <= HOW_MANY; i++) {
      await api.request(
        `mutation($input: ProductInput!) { productCreate(input: $input) { userErrors { message } } }`,
        {
          input: {
            title: title(i),
            status: 'ACTIVE',
            tags: ['wool'],
            categoryId,
            variants: [{ price: '20.00' }],
          },
        },
      );
    }
    const collection = await api.request<{ collectionCreate: { collection: { id: string } } }>(
      `mutation { collectionCreate(input: { title: "Wool", kind: AUTOMATED, match: ALL,
        rules: [{ field: tag, relation: equals, value: "wool" }] }) { collection { id } } }`,
    );
    collectionId = collection.collectionCreate.collection.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists a category’s products page by page, and links to the same list of products', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, MANAGER.email, MANAGER.password);
    await page.goto(`/categories/${categoryId}`);
    const card = page.getByTestId('category-products');
    await card.getByText(title(1), { exact: true }).waitFor();
    const first = await listed(page, 'category-products');
    expect(first).toHaveLength(24);
    expect(first[23]).toBe(title(24));
    await card.getByText(`${HOW_MANY} products`).waitFor();
    await shot(page, 'category-products-desktop');

    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByText(title(30), { exact: true }).waitFor();
    expect(await listed(page, 'category-products')).toEqual([25, 26, 27, 28, 29, 30].map(title));
    await card.getByRole('button', { name: 'Previous' }).click();
    await card.getByText(title(1), { exact: true }).waitFor();

    await card.getByRole('link', { name: 'Open them in the product list' }).click();
    await page.waitForURL(/\/products\?q=category%3Awinter-scarves/);
    await page
      .getByRole('link', { name: title(30) })
      .first()
      .waitFor({ state: 'attached' });
    await context.close();
  });

  it('pages through every member of an automated collection, on a phone too', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, MANAGER.email, MANAGER.password);
    await page.goto(`/collections/${collectionId}`);
    const card = page.getByTestId('collection-preview');
    await card.getByText('Matching products (30)').waitFor();
    await card.getByText(title(1), { exact: true }).waitFor();
    expect(await listed(page, 'collection-preview')).toHaveLength(24);
    await expect(page.getByText(/… and \d+ more/).count()).resolves.toBe(0);
    await shot(page, 'collection-members-phone');
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByText(title(30), { exact: true }).waitFor();
    expect(await listed(page, 'collection-preview')).toContain(title(25));
    await context.close();
  });
});
