import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, type Viewport } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PHONE_390: Viewport = { width: 390, height: 844 };
const CATALOG = { email: 'cato@example.com', name: 'Cato Catalog', password: 'catalog-pages-all-day-7' };
const FULFILLMENT = { email: 'fran@example.com', name: 'Fran Fulfil', password: 'packing-boxes-all-day-7' };

/** Two new customers and one row whose email is not one. */
const CUSTOMERS_CSV = [
  'First Name,Last Name,Email,Phone,Accepts Marketing,Tags,Note',
  'Ana,Importa,ana.importa@example.com,,yes,wholesale,First order by phone',
  'Ben,Importa,ben.importa@example.com,,no,,',
  'Bad,Row,not-an-email,,no,,',
  '',
].join('\n');

/** Two products, one with two sizes. */
const PRODUCTS_CSV = [
  'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Status',
  'import-mug,Import Mug,Size,Small,IMP-MUG-S,12.00,active',
  'import-mug,,Size,Large,IMP-MUG-L,14.00,active',
  'import-cap,Import Cap,,,IMP-CAP,20.00,active',
  '',
].join('\n');

/** The Import dialog's file picker, given a CSV made here. */
async function chooseCsv(dialog: Locator, name: string, text: string): Promise<void> {
  await dialog.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

/** The dialog's content fits its width (nothing cut or scrolling sideways). */
function fitsWidth(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => {
    const body = el.querySelector('.mantine-Modal-content') ?? el;
    return body.scrollWidth <= body.clientWidth + 1;
  });
}

async function importButtonCount(page: Page, path: string, waitFor: string): Promise<number> {
  await page.goto(path);
  await page.getByRole('heading', { name: waitFor, level: 1 }).waitFor();
  // The header's buttons are drawn with the page; give the session's permissions a moment anyway.
  await page.getByRole('main').getByRole('button').first().waitFor();
  return page.getByRole('button', { name: 'Import', exact: true }).count();
}

/**
 * Issue #29 (import half): Import on a list → upload → the dry run's report (counts, rows, the bad
 * row's words) → Apply → the records are there → Undo this import → they are gone. Import is shown
 * only to who may import that kind.
 */
describe('imports', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await server.createStaff({ ...CATALOG, roleKeys: ['catalog-manager'] });
    await server.createStaff({ ...FULFILLMENT, roleKeys: ['fulfillment'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('imports customers with one bad row: report, apply, the list, then undo (desktop)', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await dialog.getByRole('list', { name: 'Columns' }).getByText('Email', { exact: true }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Download a template' }).getAttribute('href')).toMatch(
      /^data:text\/csv;charset=utf-8,.*Email/,
    );
    await chooseCsv(dialog, 'customers.csv', CUSTOMERS_CSV);
    await dialog.getByTestId('import-file').getByText('customers.csv').waitFor();
    await shot(page, 'import-dialog-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    const outcome = dialog.getByTestId('import-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.innerText()).toContain('Dry run done');
    const filters = dialog.getByRole('group', { name: 'Show rows' });
    await filters.getByText('To create · 2').waitFor();
    await filters.getByText('Errors · 1').waitFor();
    // The bad row: row 4 of the file (the header is row 1), its column and its words.
    const badRow = dialog.getByTestId('import-row').filter({ hasText: 'not-an-email' });
    await badRow.waitFor();
    expect(await badRow.innerText()).toMatch(/^4\b/);
    expect(await badRow.innerText()).toContain('Email:');
    // Only the errors, by their filter.
    await filters.getByText('Errors · 1').click();
    await expect.poll(() => dialog.getByTestId('import-row').count()).toBe(1);
    await shot(page, 'import-report-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Apply changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply these changes?' });
    await confirm.getByText('This will create 2 customers. 1 row has errors and is skipped.').waitFor();
    // Enter in the confirm applies.
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await outcome.innerText().catch(() => '')).split('\n')[0], { timeout: 60_000 })
      .toBe('Imported: 2 created, 0 updated.');
    const auditLink = dialog.getByRole('link', { name: 'See the changes in the audit log' });
    expect(await auditLink.getAttribute('href')).toMatch(/^\/settings\/audit\?q=job%3A/);
    await shot(page, 'import-applied-desktop');
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.reload();
    await page.getByText('ana.importa@example.com').first().waitFor();
    await page.getByText('ben.importa@example.com').first().waitFor();
    expect(await page.getByText('not-an-email').count()).toBe(0);

    // The job's page from /settings/jobs, then Undo this import.
    await page.goto('/settings/jobs');
    const card = page.getByTestId('job-card').filter({ hasText: 'Import' }).first();
    await card.getByText('customers.csv').waitFor();
    await card.getByRole('link', { name: /^Open the report/ }).click();
    await page.waitForURL(/\/settings\/jobs\/[^/]+$/);
    await page.getByRole('button', { name: 'Undo this import' }).click();
    const undo = page.getByRole('dialog', { name: 'Undo this import?' });
    await undo.getByText(/The 2 records \(customers\)/).waitFor();
    await undo.getByRole('button', { name: 'Undo this import' }).click();
    await expect
      .poll(
        async () =>
          (
            await page
              .getByTestId('import-outcome')
              .innerText()
              .catch(() => '')
          ).split('\n')[0],
        {
          timeout: 60_000,
        },
      )
      .toBe('Undone: every record the import changed is back as it was.');
    await page.getByRole('group', { name: 'Show rows' }).getByText('Undone · 2').waitFor();
    await shot(page, 'import-undone-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('table').or(page.getByText('No customers yet')).first().waitFor();
    expect(await page.getByText('ana.importa@example.com').count()).toBe(0);
    await context.close();
  }, 180_000);

  it('refuses a file that is not a CSV before sending it, in words under the picker', async () => {
    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'products.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('PK not a csv'),
    });
    await dialog
      .getByTestId('import-file-problems')
      .getByText(/“products.xlsx” is not a CSV file/)
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload and check' }).isDisabled()).toBe(true);
    // Esc closes the dialog.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  }, 60_000);

  it('imports products on a phone: dry run then apply (390 px)', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE_390);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.getByRole('list', { name: 'Columns' }).getByText('Handle', { exact: true }).waitFor();
    await chooseCsv(dialog, 'products.csv', PRODUCTS_CSV);
    await dialog.getByTestId('import-file').getByText('products.csv').waitFor();
    expect(await fitsWidth(dialog)).toBe(true);
    await shot(page, 'import-dialog-phone');

    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    const outcome = dialog.getByTestId('import-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    await dialog.getByRole('group', { name: 'Show rows' }).getByText('Errors · 0').waitFor();
    await dialog
      .getByTestId('import-row')
      .filter({ hasText: 'IMP-MUG-L' })
      .or(dialog.getByTestId('import-row').filter({ hasText: 'Large' }))
      .first()
      .waitFor();
    expect(await fitsWidth(dialog)).toBe(true);
    await shot(page, 'import-report-phone');

    await dialog.getByRole('button', { name: 'Apply changes' }).click();
    await page
      .getByRole('dialog', { name: 'Apply these changes?' })
      .getByRole('button', { name: 'Apply changes' })
      .click();
    await expect
      .poll(async () => (await outcome.innerText().catch(() => '')).split('\n')[0], { timeout: 60_000 })
      // The summary counts products (2) and their variants (3), not the file's rows.
      .toBe('Imported: 2 products created (3 variants).');
    await dialog.getByRole('button', { name: 'Undo this import' }).waitFor();
    expect(await fitsWidth(dialog)).toBe(true);
    await shot(page, 'import-applied-phone');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.reload();
    await page.getByText('Import Mug').first().waitFor();
    await page.getByText('Import Cap').first().waitFor();
    await context.close();
  }, 180_000);

  it('shows Import only to who may import: a Catalog manager on /products, not /customers; Fulfillment nowhere', async () => {
    const catalog = await newPage(browser, server.url, DESKTOP);
    await signIn(catalog.page, CATALOG.email, CATALOG.password);
    expect(await importButtonCount(catalog.page, '/products', 'Products')).toBe(1);
    expect(await importButtonCount(catalog.page, '/customers', 'Customers')).toBe(0);
    await catalog.context.close();

    const fulfillment = await newPage(browser, server.url, DESKTOP);
    await signIn(fulfillment.page, FULFILLMENT.email, FULFILLMENT.password);
    expect(await importButtonCount(fulfillment.page, '/products', 'Products')).toBe(0);
    expect(await importButtonCount(fulfillment.page, '/inventory', 'Inventory')).toBe(0);
    await fulfillment.context.close();
  }, 90_000);
});
