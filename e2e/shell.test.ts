import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE } from './support/browser';
import {
  chooseFromUserMenu,
  pathAndSearch,
  signIn,
  startTestServer,
  type TestServer,
} from './support/stockroom';

describe('the signed-in frame', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switches between light, dark and the system theme from the menu and remembers the choice', async () => {
    const { context, page } = await newPage(browser, server.url);
    const scheme = () => page.evaluate(() => document.documentElement.dataset['mantineColorScheme']);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    expect(await scheme()).toBe('light');

    await chooseFromUserMenu(page, 'Dark');
    await page.waitForFunction(() => document.documentElement.dataset['mantineColorScheme'] === 'dark');
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await scheme()).toBe('dark');

    await chooseFromUserMenu(page, 'Light');
    await page.waitForFunction(() => document.documentElement.dataset['mantineColorScheme'] === 'light');
    // "Same as system" follows the browser's preference, and is remembered as that choice.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('menuitem', { name: 'Same as system', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset['mantineColorScheme'] === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('stockroom-color-scheme'))).toBe('auto');
    expect(await page.getByRole('menuitem', { name: 'Same as system' }).getAttribute('aria-current')).toBe(
      'true',
    );
    await context.close();
  });

  it('at phone width, hides the sidebar behind a burger that opens a drawer', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation', exact: true }).isVisible()).toBe(
      false,
    );

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Stockroom' });
    await drawer.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathAndSearch(page)).toBe('/');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor();
    await context.close();
  });
});
