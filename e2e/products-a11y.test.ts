import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE, type Viewport, DESKTOP } from './support/browser';
import { createProduct, graphqlAs } from './support/catalog';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    );
}

describe('accessibility of the product screens (axe)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as [string, Viewport][]) {
    it(`finds no serious or critical violations on the list, editor, new product and variant screens (${label})`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      await signIn(page, server.ownerEmail, server.ownerPassword);
      const product = await createProduct(page, {
        title: `Axe Lamp ${label}`,
        sku: `AXE-${label}`,
        tags: ['axe'],
      });
      await createProduct(page, { title: `Axe Chair ${label}`, tags: ['axe'] });
      const { product: loaded } = await graphqlAs<{ product: { variants: { id: string }[] } }>(
        page,
        `query($id: ID!) { product(id: $id) { variants { id } } }`,
        { id: product.id },
      );

      await page.goto('/products?q=tag%3Aaxe');
      await page.getByTestId('product-row').nth(1).waitFor();
      await page.getByRole('checkbox', { name: `Select Axe Lamp ${label}` }).check();
      await page.getByTestId('bulk-bar').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/products/${product.id}`);
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Axe Lamp changed');
      await page.getByTestId('save-bar').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('save-bar').getByRole('button', { name: 'Discard' }).click();

      await page.goto('/products/new');
      await page
        .getByTestId('save-bar')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.getByRole('textbox', { name: 'Handle' }).fill('Not A Handle');
      await page.getByTestId('save-bar').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('form-errors').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/products/${product.id}/variants/${loaded.variants[0]?.id ?? ''}`);
      await page.getByRole('button', { name: 'Save variant' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
