import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { pathAndSearch, startTestServer, submitSignIn, type TestServer } from './support/stockroom';

describe('sign-in errors', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('says "Email or password is wrong." for a wrong password and stays on /login', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await submitSignIn(page, server.ownerEmail, 'definitely-not-the-password');

    const alert = page.getByRole('alert').filter({ hasText: 'Email or password is wrong.' });
    await alert.waitFor();
    expect(pathAndSearch(page)).toBe('/login');
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await context.close();
  });

  it('says the same for an email nobody has', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await submitSignIn(page, 'nobody@example.com', 'definitely-not-the-password');
    await page.getByText('Email or password is wrong.').waitFor();
    expect(pathAndSearch(page)).toBe('/login');
    await context.close();
  });

  it('asks for the fields it needs before calling the server', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) requests += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your email address.').waitFor();
    await page.getByText('Enter your password.').waitFor();
    expect(requests).toBe(0);
    await context.close();
  });

  it('says "Too many attempts. Try again in N s." after repeated failures', async () => {
    // A person of their own, so the throttle does not slow the other tests down.
    const email = 'robin@example.com';
    await server.createStaff({
      email,
      name: 'Robin Ortiz',
      password: 'harbor-violet-engine-12',
      roleKeys: [],
    });
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    const throttled = page.getByText(/^Too many attempts\. Try again in \d+ s\.$/);
    let attempts = 0;
    while (attempts < 8 && !(await throttled.isVisible())) {
      attempts += 1;
      await submitSignIn(page, email, 'wrong-password-number-x');
      await page.locator('button[type="submit"]:not([data-loading])').waitFor();
      await page.getByRole('alert').waitFor();
    }
    expect(await throttled.isVisible()).toBe(true);
    expect(attempts).toBeGreaterThan(1);
    expect(pathAndSearch(page)).toBe('/login');
    await context.close();
  });
});
