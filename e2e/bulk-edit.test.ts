import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, signedInApi, type Api } from './support/api';
import { launchBrowser, newPage, type Viewport } from './support/browser';
import { wideElements } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const DESKTOP_1280: Viewport = { width: 1280, height: 800 };
const PHONE_390: Viewport = { width: 390, height: 844 };
const ROWS = 50;
const ANALYST = { email: 'ana@example.com', name: 'Ana Lyst', password: 'numbers-all-day-long-4' };
/** Variants of the scrolling check: 10,000 when seeding that many is quick enough, else fewer. */
const MANY = Number(process.env.STOCKROOM_BULK_MANY ?? 10_000);

/** Screenshots for looking at the screen, only when STOCKROOM_SHOTS_DIR is set. */
async function look(page: Page, name: string): Promise<void> {
  const dir = process.env.STOCKROOM_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** A product with one option and a variant per value, all tracked and priced 10.00. */
async function productWith(api: Api, title: string, tag: string, sizes: string[], colors?: string[]) {
  const combos = colors ? sizes.flatMap((s) => colors.map((c) => [s, c])) : sizes.map((s) => [s]);
  const data = await api.request<any>(
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { id variants { id } } userErrors { message } } }`,
    {
      input: {
        title,
        status: 'ACTIVE',
        tags: [tag],
        options: colors
          ? [
              { name: 'Size', values: sizes },
              { name: 'Color', values: colors },
            ]
          : [{ name: 'Size', values: sizes }],
        variants: combos.map((values, i) => ({
          optionValues: values,
          sku: `${title.replace(/\W+/g, '-').toUpperCase()}-${i + 1}`,
          price: '10.00',
          trackInventory: true,
        })),
      },
    },
  );
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product as { id: string; variants: { id: string }[] };
}

async function pricesOf(api: Api, productId: string) {
  const data = await api.request<any>(
    `query($id: ID!) { product(id: $id) { variants { sku price { amount } compareAtPrice { amount } costPrice { amount } } } }`,
    { id: productId },
  );
  return data.product.variants as {
    sku: string;
    price: { amount: string };
    compareAtPrice: { amount: string } | null;
    costPrice: { amount: string } | null;
  }[];
}

/** Clicks the grid cell of `column` (its header's words) in the first row shown. */
async function clickFirstCell(page: Page, column: string): Promise<void> {
  const header = page.locator('.dsg-row-header .dsg-cell', { hasText: column }).first();
  const box = (await header.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height + 18);
}

/** What a spreadsheet's copy puts on the clipboard, pasted into the page. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((tsv) => {
    const data = new DataTransfer();
    data.setData('text/plain', tsv);
    document.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const block = (rows: number, price: (i: number) => string) =>
  Array.from({ length: rows }, (_, i) => `${price(i)}\t${20 + i}.00\t$${i},000.50`).join('\r\n');

describe('bulk edit grid', () => {
  let server: TestServer;
  let browser: Browser;
  let api: Api;
  let tee: { id: string; variants: { id: string }[] };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    await createLocation(api, 'Back room');
    const sizes = Array.from({ length: ROWS }, (_, i) => `S${String(i + 1).padStart(2, '0')}`);
    tee = await productWith(api, 'Grid Tee', 'gridtest', sizes);
    await server.createStaff({ ...ANALYST, roleKeys: ['analyst'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pastes a 3-column block into 50 rows, saves it, undoes it; a bad cell saves nothing', async () => {
    const { page } = await newPage(browser, server.url, DESKTOP_1280);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    // The list's link opens the grid with the list's search.
    await page.goto('/products?q=tag%3Agridtest');
    await page.getByRole('link', { name: 'Bulk edit' }).click();
    await page.waitForURL('**/products/bulk-edit?q=tag%3Agridtest');
    await page.getByTestId('bulk-grid').waitFor();
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('No changes');
    await look(page, 'bulk-desktop-1-loaded');

    await clickFirstCell(page, 'Price');
    await paste(
      page,
      block(ROWS, (i) => `${11 + i}.50`),
    );
    await expect
      .poll(() => page.getByTestId('change-count').textContent())
      .toBe('150 changes in 50 variants');
    expect(await page.locator('.dsg-cell.bulk-changed').count()).toBeGreaterThan(30);
    await look(page, 'bulk-desktop-2-pasted');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('50 variants changed.').waitFor();
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('No changes');
    const saved = await pricesOf(api, tee.id);
    expect(saved[0]).toMatchObject({
      price: { amount: '11.50' },
      compareAtPrice: { amount: '20.00' },
      costPrice: { amount: '0.50' },
    });
    expect(saved[49]).toMatchObject({ price: { amount: '60.50' }, costPrice: { amount: '49000.50' } });
    await look(page, 'bulk-desktop-3-saved');

    // Undo in the toast puts every cell back.
    await page.getByRole('button', { name: 'Undo', exact: true }).last().click();
    await page.getByText('The change was undone.').waitFor();
    await expect
      .poll(async () => (await pricesOf(api, tee.id)).map((v) => v.price.amount))
      .toEqual(Array(ROWS).fill('10.00'));
    expect((await pricesOf(api, tee.id))[0]!.compareAtPrice).toBeNull();

    // One price with three decimals: that cell is red with the server's words, nothing is saved.
    await clickFirstCell(page, 'Price');
    await paste(
      page,
      block(ROWS, (i) => (i === 4 ? '1.234' : `${11 + i}.50`)),
    );
    await expect
      .poll(() => page.getByTestId('change-count').textContent())
      .toBe('150 changes in 50 variants');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const problems = page.getByTestId('save-problems');
    await problems.waitFor();
    await expect.poll(() => problems.textContent()).toContain('Row 5 · Price');
    expect(await page.locator('.dsg-cell.bulk-error').count()).toBe(1);
    expect(await page.locator('.dsg-cell.bulk-error [title]').getAttribute('title')).toMatch(/decimals/);
    await look(page, 'bulk-desktop-4-error');
    expect((await pricesOf(api, tee.id)).map((v) => v.price.amount)).toEqual(Array(ROWS).fill('10.00'));

    // Fill down and undo/redo from the keyboard.
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('No changes');
    await clickFirstCell(page, 'Price');
    await paste(page, '7.00');
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.up('Shift');
    await page.keyboard.press('Control+d');
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('3 changes in 3 variants');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('1 change in 1 variant');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('3 changes in 3 variants');
  });

  it('on a phone edits one variant at a time and saves it', async () => {
    const { page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    // The list's bulk bar opens the grid for the chosen products.
    await page.goto('/products?q=tag%3Agridtest');
    await page.getByRole('checkbox', { name: 'Select Grid Tee' }).check();
    const bar = page.getByTestId('bulk-bar');
    await bar.waitFor();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.x + barBox.width).toBeLessThanOrEqual(PHONE_390.width);
    await look(page, 'bulk-phone-0-bulk-bar');
    await bar.getByRole('link', { name: 'Bulk edit' }).click();
    await page.waitForURL(`**/products/bulk-edit?ids=${tee.id}`);
    const form = page.getByTestId('bulk-phone-form');
    await form.waitFor();
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText('2 of 50').waitFor();
    const price = form.getByLabel(/^Price/);
    await price.fill('$15');
    await price.blur();
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('1 change in 1 variant');
    expect(await wideElements(page)).toEqual([]);
    await look(page, 'bulk-phone-1-form');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('1 variant changed.').waitFor();
    expect((await pricesOf(api, tee.id))[1]!.price.amount).toBe('15.00');
    await look(page, 'bulk-phone-2-saved');
  });

  it('says who changed a row meanwhile and reloads it; stock below 0 asks first', async () => {
    const { page } = await newPage(browser, server.url, DESKTOP_1280);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/products/bulk-edit?q=tag%3Agridtest');
    await page.getByTestId('bulk-grid').waitFor();

    // Someone else changes the first variant after the grid loaded it.
    const first = tee.variants[0]!.id;
    const { node } = await api.request<any>(
      `query($id: ID!) { node(id: $id) { ... on ProductVariant { version } } }`,
      { id: first },
    );
    const other = await api.request<any>(
      `mutation($c: [ProductVariantBulkChange!]!, $k: String!) { productVariantsBulkUpdate(changes: $c, stock: [], idempotencyKey: $k) { errors { message } userErrors { message } } }`,
      {
        c: [{ variantId: first, expectedVersion: node.version, barcode: '4006381333931' }],
        k: 'someone-else-1',
      },
    );
    expect(other.productVariantsBulkUpdate.errors).toEqual([]);

    await clickFirstCell(page, 'Price');
    await paste(page, '33.00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const problems = page.getByTestId('save-problems');
    await problems.waitFor();
    await expect.poll(() => problems.textContent()).toContain('Row 1');
    await look(page, 'bulk-desktop-6-stale');
    await problems.getByRole('button', { name: 'Reload those rows' }).click();
    await expect.poll(() => problems.count()).toBe(0);
    await expect.poll(() => page.getByTestId('change-count').textContent()).toBe('1 change in 1 variant');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('1 variant changed.').waitFor();
    const saved = await pricesOf(api, tee.id);
    expect(saved[0]!.price.amount).toBe('33.00');

    // The Columns menu hides columns (remembered); the stock column comes into view.
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const name of ['Barcode', 'Compare-at', 'Cost', 'Weight (g)']) {
      await page.getByRole('menu').getByText(name, { exact: true }).click();
    }
    await page.keyboard.press('Escape');
    await page.locator('.dsg-row-header .dsg-cell', { hasText: 'Back room' }).waitFor();
    expect(await page.locator('.dsg-row-header .dsg-cell', { hasText: 'Cost' }).count()).toBe(0);
    await clickFirstCell(page, 'Back room');
    await paste(page, '-3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save stock below 0?' });
    await dialog.waitFor();
    await look(page, 'bulk-desktop-7-negative');
    await dialog.getByRole('button', { name: 'Save with stock below 0' }).click();
    await page.getByText('1 stock level changed.').waitFor();
    const { node: level } = await api.request<any>(
      `query($id: ID!) { node(id: $id) { ... on ProductVariant { inventoryLevels { onHand location { name } } } } }`,
      { id: first },
    );
    expect(level.inventoryLevels.find((l: any) => l.location.name === 'Back room').onHand).toBe(-3);
    await page.reload();
    await page.getByTestId('bulk-grid').waitFor();
    expect(await page.locator('.dsg-row-header .dsg-cell', { hasText: 'Cost' }).count()).toBe(0);
  });

  it('is not offered to staff who may not change the catalog', async () => {
    const { page } = await newPage(browser, server.url, DESKTOP_1280);
    await signIn(page, ANALYST.email, ANALYST.password);
    await page.goto('/products?q=tag%3Agridtest');
    await page.getByText('Grid Tee').first().waitFor();
    expect(await page.getByRole('link', { name: 'Bulk edit' }).count()).toBe(0);
    await page.goto('/products/bulk-edit?q=tag%3Agridtest');
    await page.getByText("You can't change the catalog").waitFor();
    expect(await page.getByTestId('bulk-grid').count()).toBe(0);
  });

  it(`holds ${MANY.toLocaleString()} variants virtualised and scrolls them`, async () => {
    const started = Date.now();
    const perProduct = 2_000;
    const sizes = Array.from({ length: 100 }, (_, i) => `Size ${i + 1}`);
    const colors = Array.from({ length: 20 }, (_, i) => `Color ${i + 1}`);
    for (let p = 0; p < Math.ceil(MANY / perProduct); p++) {
      const wanted = Math.min(perProduct, MANY - p * perProduct);
      await productWith(
        api,
        `Perf Item ${p + 1}`,
        'perfgrid',
        sizes.slice(0, wanted / colors.length),
        colors,
      );
    }
    const seeded = Date.now() - started;

    const { page } = await newPage(browser, server.url, DESKTOP_1280);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    const opened = Date.now();
    await page.goto('/products/bulk-edit?q=tag%3Aperfgrid');
    await page.getByTestId('bulk-grid').waitFor({ timeout: 180_000 });
    const loaded = Date.now() - opened;

    // Scroll with the wheel and record the frames' gaps.
    const container = page.locator('.dsg-container');
    const box = (await container.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(() => {
      const w = window as unknown as { frameGaps: number[]; stopFrames: boolean };
      w.frameGaps = [];
      w.stopFrames = false;
      let last = performance.now();
      const tick = (now: number) => {
        w.frameGaps.push(now - last);
        last = now;
        if (!w.stopFrames) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(16);
    }
    const gaps = await page.evaluate(() => {
      const w = window as unknown as { frameGaps: number[]; stopFrames: boolean };
      w.stopFrames = true;
      return w.frameGaps.slice(1);
    });
    const rowsDrawn = await page.locator('.dsg-container .dsg-row').count();
    const scrolled = await container.evaluate((el) => el.scrollTop);
    await look(page, 'bulk-desktop-5-many');
    const sorted = [...gaps].sort((a, b) => a - b);
    const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    console.log(
      `bulk grid, ${MANY} variants: seeded in ${(seeded / 1000).toFixed(1)} s, grid loaded in ${(loaded / 1000).toFixed(1)} s; ` +
        `${gaps.length} frames while wheel-scrolling ${scrolled}px: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; ` +
        `${rowsDrawn} row elements in the DOM`,
    );
    expect(scrolled).toBeGreaterThan(10_000);
    // Virtualised: only the rows in view (and a few around them) are drawn.
    expect(rowsDrawn).toBeLessThan(200);
  });
});
