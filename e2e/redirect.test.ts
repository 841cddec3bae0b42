import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import {
  chooseFromUserMenu,
  pathAndSearch,
  signIn,
  startTestServer,
  submitSignIn,
  type TestServer,
} from './support/stockroom';

describe('pages that need a session', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends a signed-out visit of /account to /login?next=%2Faccount and back after signing in', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndSearch(page)).toBe('/login?next=%2Faccount');

    await submitSignIn(page, server.ownerEmail, server.ownerPassword);
    await page.waitForURL((url) => url.pathname === '/account');
    expect(pathAndSearch(page)).toBe('/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    await context.close();
  });

  it('ignores a ?next= that points to another site', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login?next=%2F%2Fevil.example%2Fphish');
    await submitSignIn(page, server.ownerEmail, server.ownerPassword);
    await page.getByTestId('user-menu').waitFor();
    const url = new URL(page.url());
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toBe('/');
    await context.close();
  });

  it('says "Your session has ended. Sign in again." when the session is ended elsewhere', async () => {
    // A person of their own, so no session from another test is in the list.
    const email = 'casey@example.com';
    const password = 'copper-meadow-signal-58';
    await server.createStaff({ email, name: 'Casey Lin', password, roleKeys: ['support'] });
    const first = await newPage(browser, server.url);
    const second = await newPage(browser, server.url);
    await signIn(first.page, email, password);
    await signIn(second.page, email, password);

    // From the second browser, sign out every other session (the first one among them).
    await second.page.goto('/account');
    const sessions = second.page.getByTestId('sessions-section');
    await sessions.getByText('Signed in on 1 other device.').waitFor();
    await sessions.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await sessions.getByText("You're not signed in anywhere else.").waitFor();

    // The first browser finds out on its next request and goes to sign-in, returning to where it was.
    await chooseFromUserMenu(first.page, 'Account');
    await first.page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndSearch(first.page)).toBe('/login?next=%2Faccount');
    await first.page.getByText('Your session has ended. Sign in again.').waitFor();
    await submitSignIn(first.page, email, password);
    await first.page.waitForURL((url) => url.pathname === '/account');

    await first.context.close();
    await second.context.close();
  });
});
