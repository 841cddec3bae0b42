/**
 * Screenshots of the inventory, locations, categories and collections screens on the demo data, at
 * desktop (1280×800) and phone (375×812) sizes, into e2e/screenshots/ (gitignored).
 *
 *   STOCKROOM_SCREENSHOTS=1 npx vitest run --project e2e e2e/catalog-screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInApi } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE, type Viewport } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const OUT = path.join(import.meta.dirname, 'screenshots');

interface Shot {
  name: string;
  path: () => string;
  ready: (page: Page) => Promise<void>;
  open?: (page: Page) => Promise<void>;
}

let server: TestServer;
let browser: Browser;
const ids = { location: '', category: '', manual: '', automated: '' };

const SHOTS: Shot[] = [
  {
    name: 'inventory',
    path: () => '/inventory',
    ready: (p) => p.getByTestId('inventory-row').first().waitFor(),
  },
  {
    name: 'inventory-edit',
    path: () => '/inventory?q=low_stock:true',
    ready: (p) => p.getByTestId('inventory-row').first().waitFor(),
    open: async (p) => {
      await p.getByTestId('on-hand-edit').first().click();
      await p.getByRole('textbox', { name: 'On hand' }).fill('40');
    },
  },
  {
    name: 'inventory-bulk',
    path: () => '/inventory?sort=AVAILABLE',
    ready: (p) => p.getByTestId('inventory-row').first().waitFor(),
    open: async (p) => {
      const boxes = p.getByTestId('inventory-row').getByRole('checkbox');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await p.getByRole('textbox', { name: 'Change by' }).fill('abc');
      await p.getByRole('button', { name: /^Adjust/ }).click();
    },
  },
  {
    name: 'inventory-transfer',
    path: () => '/inventory?sort=AVAILABLE&dir=desc',
    ready: (p) => p.getByTestId('inventory-row').first().waitFor(),
    open: async (p) => {
      await p
        .getByRole('button', { name: /^Transfer stock of/ })
        .first()
        .click();
      await p
        .getByRole('dialog', { name: 'Transfer stock' })
        .getByLabel(/Quantity/)
        .fill('3');
    },
  },
  {
    name: 'inventory-bad-search',
    path: () => '/inventory?q=bin:A4',
    ready: (p) =>
      p
        .getByText(/Unknown field/)
        .first()
        .waitFor(),
  },
  {
    name: 'inventory-history',
    path: () => '/inventory/history',
    ready: (p) => p.getByTestId('movement-row').first().waitFor(),
  },
  {
    name: 'locations',
    path: () => '/settings/locations',
    ready: (p) => p.getByTestId('location-row').first().waitFor(),
  },
  {
    name: 'location',
    path: () => `/settings/locations/${ids.location}`,
    ready: (p) => p.getByRole('button', { name: /activate location/i }).waitFor(),
    open: async (p) => {
      await p.getByRole('button', { name: 'Deactivate location' }).click();
      await p.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'categories',
    path: () => '/categories',
    ready: (p) => p.getByTestId('category-row').first().waitFor(),
  },
  {
    name: 'category',
    path: () => `/categories/${ids.category}`,
    ready: (p) => p.getByRole('button', { name: 'Save category' }).waitFor(),
  },
  {
    name: 'collections',
    path: () => '/collections',
    ready: (p) => p.getByTestId('collection-list').waitFor(),
  },
  {
    name: 'collection-manual',
    path: () => `/collections/${ids.manual}`,
    ready: (p) => p.getByTestId('collection-members').waitFor(),
  },
  {
    name: 'collection-automated',
    path: () => `/collections/${ids.automated}`,
    ready: (p) => p.getByTestId('collection-preview').waitFor(),
  },
  {
    name: 'collection-new',
    path: () => '/collections/new',
    ready: (p) => p.getByRole('button', { name: 'Create collection' }).waitFor(),
  },
];

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  [server, browser] = await Promise.all([startTestServer({ demo: true }), launchBrowser()]);
  const api = await signedInApi(server.url, server.ownerEmail, server.ownerPassword);
  const data = await api.request<{
    locations: { id: string }[];
    categories: { id: string; parent: { id: string } | null }[];
    collections: { nodes: { id: string; kind: string; productCount: number }[] };
  }>(
    '{ locations { id } categories { id parent { id } } collections(first: 50) { nodes { id kind productCount } } }',
  );
  ids.location = data.locations[0]?.id ?? '';
  ids.category = data.categories.find((c) => c.parent)?.id ?? data.categories[0]?.id ?? '';
  ids.manual = data.collections.nodes.find((c) => c.kind === 'MANUAL' && c.productCount > 1)?.id ?? '';
  ids.automated = data.collections.nodes.find((c) => c.kind === 'AUTOMATED')?.id ?? '';
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function capture(viewport: Viewport, label: string, scheme: 'light' | 'dark'): Promise<string[]> {
  const { context, page } = await newPage(browser, server.url, viewport);
  await context.addInitScript(
    (value) => window.localStorage.setItem('stockroom-color-scheme', value),
    scheme,
  );
  await signIn(page, server.ownerEmail, server.ownerPassword);
  const saved: string[] = [];
  for (const shot of SHOTS) {
    await page.goto(shot.path());
    await shot.ready(page);
    await shot.open?.(page);
    await page.waitForTimeout(400);
    const file = path.join(OUT, `${shot.name}-${label}-${scheme}.png`);
    await page.screenshot({ path: file, fullPage: false });
    saved.push(file);
  }
  await context.close();
  return saved;
}

it('saves screenshots of the inventory, locations, categories and collections screens', async () => {
  const files = [
    ...(await capture(DESKTOP, 'desktop', 'light')),
    ...(await capture(PHONE, 'phone', 'light')),
    ...(await capture(DESKTOP, 'desktop', 'dark')),
  ];
  for (const file of files) expect(fs.statSync(file).size).toBeGreaterThan(1000);
}, 300_000);
