import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { createProduct, graphqlAs, solidPng } from './support/catalog';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const MANAGER = { email: 'catalog@example.com', name: 'Mara Lind', password: 'quiet-lantern-orchard-42' };

describe('products', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...MANAGER, roleKeys: ['catalog-manager'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function managerPage(): Promise<Page> {
    const { context, page } = await newPage(browser, server.url);
    // These flows upload images and load several lazy screens; give a busy CI machine some room.
    context.setDefaultTimeout(30_000);
    await signIn(page, MANAGER.email, MANAGER.password);
    return page;
  }

  const title = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });

  async function searchProducts(page: Page, query: string) {
    const box = page.getByRole('textbox', { name: 'Search products' });
    await box.fill(query);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === query);
  }

  it('creates a product with a 3 × 2 variant matrix, prices, two images, publishes it, and finds it by SKU and tag', async () => {
    const page = await managerPage();
    await page.goto('/products');
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await title(page).fill('Trail Runner');

    await page.getByRole('button', { name: 'Add option' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Option name' }).first().inputValue())
      .toBe('Size');
    const sizes = page.getByRole('combobox', { name: 'Size values' });
    for (const value of ['S', 'M', 'L']) {
      await sizes.fill(value);
      await sizes.press('Enter');
    }
    expect(await page.getByTestId('variant-row').count()).toBe(3);
    // Price one row before the second option exists: that row keeps its data when the matrix grows.
    await page.getByRole('textbox', { name: 'SKU of M' }).fill('TR-M-KEEP');

    await page.getByRole('button', { name: 'Add option' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Option name' }).nth(1).inputValue())
      .toBe('Colour');
    const colours = page.getByRole('combobox', { name: 'Colour values' });
    for (const value of ['Red', 'Blue']) {
      await colours.fill(value);
      await colours.press('Enter');
    }
    const rows = page.getByTestId('variant-row');
    expect(await rows.count()).toBe(6);
    expect(await page.getByRole('textbox', { name: 'SKU of M / Red' }).inputValue()).toBe('TR-M-KEEP');

    await page.getByRole('textbox', { name: 'Price for every variant' }).fill('49.99');
    await page.getByRole('button', { name: 'Apply price to all' }).click();
    for (const size of ['S', 'M', 'L']) {
      for (const colour of ['Red', 'Blue']) {
        await page
          .getByRole('textbox', { name: `SKU of ${size} / ${colour}` })
          .fill(`TR-${size}-${colour.toUpperCase()}`);
      }
    }
    await page.getByRole('textbox', { name: 'Price of L / Blue' }).fill('54.00');
    // Removing a value removes only its rows; the others keep what was typed.
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: 'Option name' }).nth(2).fill('Material');
    const materials = page.getByRole('combobox', { name: 'Material values' });
    await materials.fill('Mesh');
    await materials.press('Enter');
    expect(await rows.count()).toBe(6);
    expect(await page.getByRole('textbox', { name: 'Price of L / Blue / Mesh' }).inputValue()).toBe('54.00');
    await page.getByRole('button', { name: 'Remove option Material' }).click();
    expect(await rows.count()).toBe(6);
    expect(await page.getByRole('textbox', { name: 'Price of L / Blue' }).inputValue()).toBe('54.00');

    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('trail');
    await tags.press('Enter');
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Active' }).click();

    await page.locator('[data-testid="media-card"] input[type="file"]').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: solidPng(24, [200, 30, 30]) },
      { name: 'blue.png', mimeType: 'image/png', buffer: solidPng(24, [30, 30, 200]) },
    ]);
    expect(await page.getByTestId('media-tile').count()).toBe(2);

    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/prod_/);
    const productId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByRole('heading', { level: 1, name: 'Trail Runner' }).waitFor();
    await expect.poll(() => page.getByTestId('media-tile').locator('img').count()).toBe(2);
    expect(await page.getByTestId('status-badge').first().textContent()).toBe('Active');

    const saved = await graphqlAs<{
      product: {
        status: string;
        tags: string[];
        media: { id: string }[];
        variants: { sku: string; price: { amount: string } }[];
      };
    }>(
      page,
      `query($id: ID!) { product(id: $id) { status tags media { id } variants { sku price { amount } } } }`,
      { id: productId },
    );
    expect(saved.product.status).toBe('ACTIVE');
    expect(saved.product.tags).toEqual(['trail']);
    expect(saved.product.media).toHaveLength(2);
    expect(saved.product.variants).toHaveLength(6);
    expect(saved.product.variants.find((v) => v.sku === 'TR-L-BLUE')?.price.amount).toBe('54.00');
    expect(saved.product.variants.find((v) => v.sku === 'TR-S-RED')?.price.amount).toBe('49.99');

    await page.getByRole('link', { name: 'Products' }).first().click();
    await searchProducts(page, 'TR-M-BLUE');
    // The previous search's row may still be showing while the new one loads: wait for the answer.
    await expect
      .poll(() => page.getByTestId('product-row').filter({ hasText: 'Trail Runner' }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    await searchProducts(page, 'tag:trail');
    // The previous search's row may still be showing while the new one loads: wait for the answer.
    await expect
      .poll(() => page.getByTestId('product-row').filter({ hasText: 'Trail Runner' }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    await searchProducts(page, 'tag:nothing-like-this');
    await page.getByTestId('empty-state').waitFor();
    await page.context().close();
  }, 120_000);

  it('bulk-archives three selected products and says what changed', async () => {
    const page = await managerPage();
    const made = [];
    // Its own tag per try: a retry must not find the first try's products.
    const tag = `bulk-case-${Date.now().toString(36)}`;
    for (const name of ['Bulk Alpha', 'Bulk Beta', 'Bulk Gamma', 'Bulk Delta']) {
      made.push(await createProduct(page, { title: name, tags: [tag], status: 'ACTIVE' }));
    }
    await page.goto(`/products?q=tag%3A${tag}&sort=TITLE`);
    await page.getByTestId('product-row').nth(3).waitFor();
    await page.getByRole('checkbox', { name: 'Select Bulk Alpha' }).check();
    await page.getByRole('checkbox', { name: 'Select Bulk Beta' }).check();
    // Keyboard: j moves the focus row down (Beta → Delta → Gamma), x selects it.
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    expect(await page.getByRole('checkbox', { name: 'Select Bulk Gamma' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Select Bulk Delta' }).isChecked()).toBe(false);
    const bar = page.getByTestId('bulk-bar');
    expect(await bar.getByText('3 selected').isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Set status' }).click();
    await page.getByRole('menuitem', { name: 'Archived' }).click();
    await page.getByTestId('bulk-result').filter({ hasText: '3 products archived' }).waitFor();
    await bar.waitFor({ state: 'detached' });

    const statuses = await graphqlAs<{ products: { nodes: { title: string; status: string }[] } }>(
      page,
      `{ products(query: "tag:${tag}", sortKey: TITLE, first: 10) { nodes { title status } } }`,
    );
    expect(statuses.products.nodes.map((n) => `${n.title}:${n.status}`)).toEqual([
      'Bulk Alpha:ARCHIVED',
      'Bulk Beta:ARCHIVED',
      'Bulk Delta:ACTIVE',
      'Bulk Gamma:ARCHIVED',
    ]);
    await page.getByRole('radiogroup').getByText('Archived', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === `tag:${tag} status:archived`);
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(3);
    expect(made).toHaveLength(4);
    await page.context().close();
  });

  it('refuses a stale save in a second tab, reloads their version and keeps my values visible', async () => {
    const first = await managerPage();
    const product = await createProduct(first, { title: 'Shared Lamp', sku: 'LAMP-1' });
    const second = await first.context().newPage();
    await first.goto(`/products/${product.id}`);
    await second.goto(`/products/${product.id}`);
    await title(first).waitFor();
    await title(second).waitFor();

    await title(first).fill('Lamp from tab one');
    await first.keyboard.press('Control+s');
    await first.getByText('Product saved').waitFor();
    await first.getByTestId('save-bar').waitFor({ state: 'hidden' });

    await title(second).fill('Lamp from tab two');
    await second.getByRole('textbox', { name: 'Vendor' }).fill('Tab Two Lights');
    await second.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await second.getByText('Someone else changed this product since you opened it.').waitFor();

    await second.getByRole('button', { name: 'Reload their version' }).click();
    const compare = second.getByTestId('stale-compare');
    await compare.waitFor();
    expect(await title(second).inputValue()).toBe('Lamp from tab one');
    expect(await second.getByText('Your unsaved value: Lamp from tab two').isVisible()).toBe(true);
    const differences = (await compare.getByTestId('stale-differences').textContent()) ?? '';
    expect(differences).toContain('Title: saved “Lamp from tab one” · yours “Lamp from tab two”');
    expect(differences).toContain('Vendor: saved “(empty)” · yours “Tab Two Lights”');

    await compare.getByRole('button', { name: 'Use my values on top of theirs' }).click();
    expect(await title(second).inputValue()).toBe('Lamp from tab two');
    await second.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    await second.getByText('Product saved').waitFor();
    const saved = await graphqlAs<{ product: { title: string; vendor: string; version: number } }>(
      second,
      `query($id: ID!) { product(id: $id) { title vendor version } }`,
      { id: product.id },
    );
    expect(saved.product).toEqual({
      title: 'Lamp from tab two',
      vendor: 'Tab Two Lights',
      version: product.version + 2,
    });
    await first.context().close();
  });

  it('shows every failing rule next to its field, from the form and from the server', async () => {
    const page = await managerPage();
    await createProduct(page, { title: 'Taken SKU holder', sku: 'TAKEN-1' });
    await page.goto('/products/new');
    await title(page).fill('   ');
    await page.getByRole('textbox', { name: 'Handle' }).fill('Bad Handle!');
    await page.getByRole('textbox', { name: 'Price of Default' }).fill('10.00');
    await page.getByRole('textbox', { name: 'Compare-at of Default' }).fill('5.00');
    await page.getByRole('textbox', { name: 'Cost of Default' }).fill('1.234');
    await page.getByRole('textbox', { name: 'SKU of Default' }).fill('A B');
    await page.getByRole('textbox', { name: 'Weight (kg) of Default' }).fill('2000');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();

    const expectations: [string, string][] = [
      ['Title', 'Enter a title.'],
      ['Handle', 'Use lowercase letters, digits and single hyphens'],
      ['Compare-at of Default', 'Compare-at price must be higher than the price.'],
      ['Cost of Default', 'with at most 2 decimals'],
      ['SKU of Default', 'A SKU cannot contain spaces.'],
      ['Weight (kg) of Default', 'Enter at most 1,000 kg.'],
    ];
    for (const [label, message] of expectations) {
      const input = page.getByRole('textbox', { name: label, exact: true });
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
      const texts = await Promise.all(
        describedBy
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      expect(texts.join(' ')).toContain(message);
    }
    expect(await page.getByTestId('form-errors').textContent()).toContain('6 fields need attention');

    // Rules only the server can check arrive by path, next to the field too.
    await title(page).fill('Valid now');
    await page.getByRole('textbox', { name: 'Handle' }).fill('');
    await page.getByRole('textbox', { name: 'Compare-at of Default' }).fill('');
    await page.getByRole('textbox', { name: 'Cost of Default' }).fill('1.23');
    await page.getByRole('textbox', { name: 'Weight (kg) of Default' }).fill('0.25');
    await page.getByRole('textbox', { name: 'SKU of Default' }).fill('taken-1');
    await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
    const sku = page.getByRole('textbox', { name: 'SKU of Default' });
    await expect.poll(() => sku.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('form-errors').textContent()).toContain('One field needs attention');
    expect(new URL(page.url()).pathname).toBe('/products/new');
    await page.context().close();
  });

  for (const role of ['analyst', 'fulfillment']) {
    it(`lets ${role === 'analyst' ? 'an analyst' : 'a fulfillment user'} open a product but not change it`, async () => {
      const owner = await newPage(browser, server.url);
      await signIn(owner.page, server.ownerEmail, server.ownerPassword);
      const product = await createProduct(owner.page, { title: `Read-only ${role}`, tags: ['ro'] });
      await owner.context.close();

      const email = `${role}@example.com`;
      const password = 'silver-meadow-kettle-77';
      await server.createStaff({ email, name: `The ${role}`, password, roleKeys: [role] });
      const { context, page } = await newPage(browser, server.url);
      await signIn(page, email, password);
      await page.goto('/products');
      await page
        .getByTestId('product-row')
        .filter({ hasText: `Read-only ${role}` })
        .getByRole('link')
        .first()
        .click();
      await page.getByTestId('read-only-notice').waitFor();
      expect(await title(page).inputValue()).toBe(`Read-only ${role}`);
      expect(await title(page).isDisabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Price of Default' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Add images' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'More actions' }).count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
      await page.keyboard.press('Control+s');
      expect(await page.getByTestId('save-bar').count()).toBe(0);
      await page.goto('/products');
      expect(await page.getByRole('link', { name: 'Add product' }).count()).toBe(0);
      expect(product.id).toMatch(/^prod_/);
      await context.close();
    });
  }
});
