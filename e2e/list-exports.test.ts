import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PHONE_390 = { width: 390, height: 844 };

/**
 * Issue #29 (export half): /products' Export runs the current search as a job in the dialog, with
 * the columns chosen, and its CSV downloads with just those columns and the matching rows.
 */
describe('list exports', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    // Two products of the search (one with two variants) and one outside it.
    await server.app.database.executeSql(`
      with p as (
        insert into products (id, title, handle, status, vendor, tags, tag_keys, options)
        values (gen_random_uuid(), 'Export Kettle', 'export-kettle', 'ACTIVE', 'Kettlecorp', '{}', '{}', '[{"name":"Size","values":["S","L"]}]'),
               (gen_random_uuid(), 'Export Teapot', 'export-teapot', 'ACTIVE', 'Kettlecorp', '{}', '{}', '[]'),
               (gen_random_uuid(), 'Other Mug', 'other-mug', 'ACTIVE', 'Mugworks', '{}', '{}', '[]')
        returning id, handle)
      insert into product_variants (id, product_id, title, option_values, sku, price, position)
      select gen_random_uuid(), p.id, coalesce(v.opt, 'Default Title'), case when v.opt is null then '{}' else array[v.opt] end,
        v.sku, v.price, v.position from p
      join (values ('export-kettle', 'KET-1', 2500, 0, 'S'), ('export-kettle', 'KET-2', 2600, 1, 'L'),
                   ('export-teapot', 'TEA-1', 1800, 0, null), ('other-mug', 'MUG-1', 900, 0, null))
        as v(handle, sku, price, position, opt) on v.handle = p.handle`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const)
    it(`exports the searched products with two columns and downloads the CSV (${device})`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      await page.goto('/products?q=vendor%3AKettlecorp&sort=TITLE&dir=asc');
      await page.getByText('Export Teapot').first().waitFor();
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Export products' });
      await dialog.getByRole('checkbox', { name: 'Variant Price' }).waitFor();
      await expect
        .poll(() => dialog.getByRole('radio', { name: /products matching the current search/ }).isChecked())
        .toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Title', exact: true }).isChecked()).toBe(true);
      await shot(page, `list-export-dialog-${device}`);
      expect(await seriousViolations(page)).toEqual([]);
      // The dialog fits the width (the list behind it is checked by the list's own tests).
      expect(
        await dialog.evaluate((el) => {
          const body = el.querySelector('.mantine-Modal-content') ?? el;
          return body.scrollWidth <= body.clientWidth + 1;
        }),
      ).toBe(true);

      await dialog.getByRole('button', { name: 'None' }).click();
      await dialog.getByRole('checkbox', { name: 'Handle', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Variant SKU', exact: true }).check();
      await expect.poll(() => dialog.getByText('Columns (2 of').count()).toBe(1);
      await dialog.getByRole('button', { name: 'Start export' }).click();
      const progress = dialog.getByTestId('background-export');
      await progress.getByText('The export is ready.').waitFor({ timeout: 60_000 });
      await shot(page, `list-export-done-${device}`);

      const download = page.waitForEvent('download');
      await progress.getByRole('link', { name: /^Download products-search-/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^products-search-\d{4}-\d{2}-\d{2}\.csv$/);
      // The list's search and sort (title A to Z), only the two columns chosen.
      expect(fs.readFileSync(await file.path(), 'utf8')).toBe(
        'Handle,Variant SKU\nexport-kettle,KET-1\nexport-kettle,KET-2\nexport-teapot,TEA-1\n',
      );

      await progress.getByRole('link', { name: 'See all jobs' }).click();
      await page.waitForURL(/\/settings\/jobs$/);
      await expect.poll(() => page.getByTestId('job-card').first().innerText()).toContain('Products export');
      await context.close();
    }, 120_000);
});
