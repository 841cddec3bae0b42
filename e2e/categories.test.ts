import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const CATALOG = { email: 'cat@example.com', name: 'Cat Manager', password: 'tidy-catalog-tidy-mind-4' };

describe('categories', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...CATALOG, roleKeys: ['catalog-manager'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a category under another, renames it, refuses to delete a parent, then deletes it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, CATALOG.email, CATALOG.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Categories' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByTestId('empty-state').waitFor();

    const create = async (name: string, parent?: string) => {
      await page.getByRole('button', { name: 'New category' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New category' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      if (parent) await dialog.getByRole('combobox', { name: 'Parent' }).selectOption({ label: parent });
      await dialog.getByRole('button', { name: 'Create category' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('category-row').filter({ hasText: name }).waitFor();
    };
    await create('Clothing');
    await create('Shirts', 'Clothing');

    const tree = page.getByTestId('category-tree');
    expect((await tree.getByTestId('category-row').allTextContents()).map((t) => t.split(/\d/)[0])).toEqual([
      'Clothing',
      'Shirts',
    ]);

    // The parent cannot go while it has a subcategory: the server says why.
    await tree.getByRole('link', { name: 'Clothing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clothing' }).waitFor();
    await page.getByRole('button', { name: 'Delete category' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not deleted' });
    await refusal.waitFor();
    expect((await refusal.textContent())?.length).toBeGreaterThan('Not deleted'.length);

    await page.goto('/categories');
    await page.getByTestId('category-tree').getByRole('link', { name: 'Shirts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shirts' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Linen shirts');
    await page.getByRole('button', { name: 'Save category' }).click();
    await page.getByRole('heading', { level: 1, name: 'Linen shirts' }).waitFor();

    await page.getByRole('button', { name: 'Delete category' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/categories');
    await page.getByTestId('category-row').filter({ hasText: 'Clothing' }).waitFor();
    expect(await page.getByTestId('category-row').count()).toBe(1);
    await context.close();
  });

  it('moves a category with the keyboard menu', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, CATALOG.email, CATALOG.password);
    await page.goto('/categories');
    await page.getByTestId('category-row').filter({ hasText: 'Clothing' }).waitFor();
    await page.getByRole('button', { name: 'New category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Home');
    await dialog.getByRole('button', { name: 'Create category' }).click();
    await page.getByTestId('category-row').filter({ hasText: 'Home' }).waitFor();

    await page.getByRole('button', { name: 'Move Home…' }).click();
    await page.getByRole('menuitem', { name: 'Clothing' }).click();
    await page.getByText('Home is now inside Clothing.').waitFor();
    await page.getByRole('button', { name: 'Move Home…' }).click();
    await page.getByRole('menuitem', { name: 'Move to top level' }).waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('moves a category by dragging it onto another, and beside another', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, CATALOG.email, CATALOG.password);
    await page.goto('/categories');
    await page.getByRole('button', { name: 'New category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kitchen');
    await dialog.getByRole('button', { name: 'Create category' }).click();
    const row = (name: string) =>
      page.getByTestId('category-row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row('Kitchen').waitFor();

    // Onto the middle of Clothing: inside it.
    const box = await row('Clothing').boundingBox();
    await row('Kitchen').dragTo(row('Clothing'), { targetPosition: { x: 100, y: (box?.height ?? 40) / 2 } });
    await page.getByText('Kitchen is now inside Clothing.').waitFor();
    const names = async () =>
      (await page.getByTestId('category-tree').getByRole('link').allTextContents()).map((t) => t.trim());
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="category-row"]').length === 3);
    expect((await names())[0]).toBe('Clothing');

    // Onto the top edge of Clothing: before it, at the top level.
    await row('Kitchen').dragTo(row('Clothing'), { targetPosition: { x: 100, y: 2 } });
    await page.getByText('Kitchen is now before Clothing.').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="category-row"] a')?.textContent?.trim() === 'Kitchen',
    );
    expect(await names()).toEqual(['Kitchen', 'Clothing', 'Home']);
    await context.close();
  });
});
