import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createProduct, receiveStock, signedInApi } from './support/api';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** Serious and critical axe violations, as "rule: target" lines so a failure says what and where. */
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

describe('accessibility (axe) of the inventory, locations, categories and collections screens', () => {
  let server: TestServer;
  let browser: Browser;
  const ids = { location: '', category: '', manual: '', automated: '' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
    ids.location = await createLocation(api, 'Main warehouse');
    const shirt = await createProduct(api, { title: 'Linen shirt', sku: 'LIN-001', tags: ['summer'] });
    await createProduct(api, { title: 'Wool socks', sku: 'WOOL-002' });
    await receiveStock(api, shirt.variantId, ids.location, 3);
    const made = await api.request<{
      a: { category: { id: string } };
      m: { collection: { id: string } };
      r: { collection: { id: string } };
    }>(
      `mutation($m: CollectionInput!, $r: CollectionInput!) {
        a: categoryCreate(input: { name: "Clothing" }) { category { id } }
        m: collectionCreate(input: $m) { collection { id } }
        r: collectionCreate(input: $r) { collection { id } }
      }`,
      {
        m: { title: 'Staff picks', kind: 'MANUAL', productIds: [shirt.productId] },
        r: {
          title: 'Summer',
          kind: 'AUTOMATED',
          match: 'ALL',
          rules: [{ field: 'tag', relation: 'equals', value: 'summer' }],
        },
      },
    );
    ids.category = made.a.category.id;
    ids.manual = made.m.collection.id;
    ids.automated = made.r.collection.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const screens: [string, (page: Page) => Promise<void>][] = [
    ['/inventory', (p) => p.getByTestId('inventory-row').first().waitFor()],
    ['/inventory/history', (p) => p.getByTestId('movement-row').first().waitFor()],
    ['/settings/locations', (p) => p.getByTestId('location-row').first().waitFor()],
    ['/categories', (p) => p.getByTestId('category-row').first().waitFor()],
    ['/collections', (p) => p.getByTestId('collection-list').waitFor()],
    ['/collections/new', (p) => p.getByRole('button', { name: 'Create collection' }).waitFor()],
  ];

  for (const scheme of ['light', 'dark'] as const) {
    it(`finds no serious or critical violations on the list screens, in ${scheme} theme`, async () => {
      const { context, page } = await newPage(browser, server.url);
      await context.addInitScript(
        (value) => window.localStorage.setItem('stockroom-color-scheme', value),
        scheme,
      );
      await signIn(page, server.ownerEmail, server.ownerPassword);
      for (const [path, ready] of screens) {
        await page.goto(path);
        await ready(page);
        expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      }
      await context.close();
    });
  }

  it('finds no serious or critical violations on the detail screens and the count editor, at phone width', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    const details: [string, (p: Page) => Promise<void>][] = [
      [
        `/settings/locations/${ids.location}`,
        (p) => p.getByRole('button', { name: 'Save location' }).waitFor(),
      ],
      [`/categories/${ids.category}`, (p) => p.getByRole('button', { name: 'Save category' }).waitFor()],
      [`/collections/${ids.manual}`, (p) => p.getByTestId('member-row').first().waitFor()],
      [`/collections/${ids.automated}`, (p) => p.getByTestId('listed-product').first().waitFor()],
    ];
    for (const [path, ready] of details) {
      await page.goto(path);
      await ready(page);
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    await page.goto('/inventory');
    await page.getByTestId('on-hand-edit').first().click();
    await page.getByRole('textbox', { name: 'On hand' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
