import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { pathAndSearch, signIn, startTestServer, type TestServer } from './support/stockroom';

describe('an address the app does not know', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the not-found screen with a way home', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/no/such/page?x=1');

    await page.getByRole('heading', { level: 1, name: "This page doesn't exist" }).waitFor();
    expect(await page.title()).toContain('Not found');
    const home = page.getByTestId('not-found').getByRole('link', { name: 'Go to Home' });
    expect(await home.getAttribute('href')).toBe('/');

    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathAndSearch(page)).toBe('/');
    await page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor();
    await context.close();
  });
});
