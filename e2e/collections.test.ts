import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, signedInApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const CATALOG = { email: 'cat@example.com', name: 'Cat Manager', password: 'tidy-catalog-tidy-mind-4' };

describe('collections', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...CATALOG, roleKeys: ['catalog-manager'] });
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await createProduct(api, { title: 'Alpine jacket', sku: 'ALP-1', tags: ['winter'] });
    await createProduct(api, { title: 'Beach towel', sku: 'BCH-1', tags: ['summer'] });
    await createProduct(api, { title: 'Cotton cap', sku: 'CAP-1', tags: ['summer', 'sale'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const memberTitles = async (page: import('playwright-core').Page) =>
    (await page.getByTestId('member-row').allTextContents()).map((t) => t.replace(/^\d+/, ''));

  it('fills a manual collection with two products and reorders them', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, CATALOG.email, CATALOG.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Collections' })
      .click();
    await page.getByRole('link', { name: 'New collection' }).first().click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Staff picks');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff picks' }).waitFor();

    await page.getByRole('button', { name: 'Add products' }).click();
    const picker = page.getByRole('dialog', { name: 'Add products' });
    await picker.getByRole('textbox', { name: 'Search products' }).fill('a');
    await picker.getByRole('checkbox', { name: 'Beach towel' }).click();
    await picker.getByRole('checkbox', { name: 'Alpine jacket' }).click();
    await picker.getByRole('button', { name: 'Add 2 products' }).click();
    await picker.waitFor({ state: 'hidden' });
    await page.getByTestId('member-row').nth(1).waitFor();
    expect(await memberTitles(page)).toEqual(['Beach towel', 'Alpine jacket']);

    await page.getByRole('button', { name: 'Move Alpine jacket up' }).click();
    await page.getByText('Alpine jacket moved to position 1').waitFor();
    expect(await memberTitles(page)).toEqual(['Alpine jacket', 'Beach towel']);
    await page.reload();
    await page.getByTestId('member-row').nth(1).waitFor();
    expect(await memberTitles(page)).toEqual(['Alpine jacket', 'Beach towel']);
    await page.getByRole('heading', { name: 'Products (2)' }).waitFor();

    // And back by dragging Beach towel onto the first row.
    const rows = page.getByTestId('member-row');
    await rows.nth(1).dragTo(rows.nth(0));
    await page.getByText('Beach towel moved to position 1').waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="member-row"]')?.textContent?.includes('Beach towel'),
    );
    expect(await memberTitles(page)).toEqual(['Beach towel', 'Alpine jacket']);
    await context.close();
  });

  it('shows the product an automated tag rule matches, and explains a bad rule next to it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, CATALOG.email, CATALOG.password);
    await page.goto('/collections/new');
    await page.getByRole('textbox', { name: 'Title' }).fill('Winter');
    await page.getByText('Automated: by conditions').click();
    await page.getByRole('combobox', { name: 'Condition 1 field' }).selectOption('tag');
    await page.getByRole('combobox', { name: 'Condition 1 relation' }).selectOption('equals');
    // Relations that make no sense for a tag are not offered.
    expect(
      await page.getByRole('combobox', { name: 'Condition 1 relation' }).locator('option').allTextContents(),
    ).not.toContain('is greater than');
    await page.getByRole('textbox', { name: 'Condition 1 value' }).fill('winter');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByRole('heading', { level: 1, name: 'Winter' }).waitFor();
    const preview = page.getByTestId('collection-preview');
    await preview.getByText('Alpine jacket').waitFor();
    expect(await preview.getByTestId('listed-product').count()).toBe(1);

    // A price that is not an amount is refused next to the value.
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('combobox', { name: 'Condition 2 field' }).selectOption('price');
    await page.getByRole('textbox', { name: 'Condition 2 value' }).fill('cheap');
    await page.getByRole('button', { name: 'Save collection' }).click();
    await page.getByText('Enter an amount like 19.99.').waitFor();

    await page.getByRole('button', { name: 'Remove condition 2' }).click();
    await page.getByRole('textbox', { name: 'Condition 1 value' }).fill('summer');
    await page.getByRole('button', { name: 'Save collection' }).click();
    await preview.getByText('Cotton cap').waitFor();
    await preview.getByText('Beach towel').waitFor();
    expect(await preview.getByTestId('listed-product').count()).toBe(2);
    await context.close();
  });
});
