import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const PASSWORD = 'roles-in-the-store-42';

/**
 * SPEC §6 as each built-in role sees the admin: the sidebar holds exactly the sections the role
 * may open, and a screen it may not use says which permission is missing. Written out by hand, so a
 * change to the roles or the sidebar has to change this too.
 */
const ROLES: { key: string; sections: string[]; forbidden?: { path: string; permission: string } }[] = [
  {
    key: 'administrator',
    sections: [
      'Home',
      'Orders',
      'Pack',
      'Returns',
      'Drafts',
      'Products',
      'Inventory',
      'Categories',
      'Collections',
      'Customers',
      'Discounts',
      'Settings',
    ],
  },
  {
    key: 'catalog-manager',
    sections: ['Home', 'Products', 'Inventory', 'Categories', 'Collections', 'Discounts', 'Settings'],
    forbidden: { path: '/orders', permission: 'ORDERS_READ' },
  },
  {
    key: 'fulfillment',
    sections: [
      'Home',
      'Orders',
      'Pack',
      'Returns',
      'Drafts',
      'Products',
      'Inventory',
      'Categories',
      'Collections',
      'Settings',
    ],
    forbidden: { path: '/customers', permission: 'CUSTOMERS_READ' },
  },
  {
    key: 'support',
    sections: [
      'Home',
      'Orders',
      'Pack',
      'Returns',
      'Drafts',
      'Products',
      'Inventory',
      'Categories',
      'Collections',
      'Customers',
      'Discounts',
      'Settings',
    ],
    forbidden: { path: '/discounts/new', permission: 'DISCOUNTS_WRITE' },
  },
  {
    key: 'analyst',
    sections: [
      'Home',
      'Orders',
      'Returns',
      'Drafts',
      'Products',
      'Inventory',
      'Categories',
      'Collections',
      'Customers',
      'Discounts',
      'Settings',
    ],
    forbidden: { path: '/discounts/new', permission: 'DISCOUNTS_WRITE' },
  },
];

describe('the admin as each built-in role sees it', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    for (const role of ROLES) {
      await server.createStaff({
        email: `${role.key}@example.com`,
        name: role.key,
        password: PASSWORD,
        roleKeys: [role.key],
      });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(ROLES)('$key: the sidebar, and the permission a forbidden screen names', async (role) => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, `${role.key}@example.com`, PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    const links = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(links).toEqual(role.sections);
    if (role.forbidden) {
      await page.goto(role.forbidden.path);
      await page
        .getByText(new RegExp(`(staff manager for|needs the) ${role.forbidden.permission}\\b`))
        .first()
        .waitFor();
    }
    await context.close();
  });
});
