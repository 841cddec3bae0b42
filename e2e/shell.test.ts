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

  it('switches between light and dark theme from the menu and remembers the choice', async () => {
    const { context, page } = await newPage(browser, server.url);
    const scheme = () => page.evaluate(() => document.documentElement.dataset['mantineColorScheme']);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    expect(await scheme()).toBe('light');

    await chooseFromUserMenu(page, 'Dark', 'menuitemradio');
    await page.waitForFunction(() => document.documentElement.dataset['mantineColorScheme'] === 'dark');
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await scheme()).toBe('dark');

    await chooseFromUserMenu(page, 'Light', 'menuitemradio');
    await page.waitForFunction(() => document.documentElement.dataset['mantineColorScheme'] === 'light');
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
