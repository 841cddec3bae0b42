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

const NEW_PASSWORD = 'quiet-lantern-orbit-47';

describe('signing in, changing the password, signing out', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs the owner in to the shell, changes the password, and signs out to /login', async () => {
    const { context, page } = await newPage(browser, server.url);

    await signIn(page, server.ownerEmail, server.ownerPassword);
    expect(pathAndSearch(page)).toBe('/');

    // The shell: store name in the header, and the Home section in the sidebar.
    const shopName = page.getByRole('banner').getByTestId('shop-name');
    await shopName.waitFor();
    expect((await shopName.textContent())?.trim()).not.toBe('');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect(await nav.getByRole('link').count()).toBeGreaterThanOrEqual(1);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();

    // Account: a wrong current password is refused under its input, then a good change succeeds.
    await chooseFromUserMenu(page, 'Account');
    await page.waitForURL('**/account');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-my-password-at-all');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await form.getByRole('textbox', { name: 'Repeat new password', exact: true }).fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Use at least 12 characters.').waitFor();

    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('textbox', { name: 'Repeat new password', exact: true }).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    // The server's refusal is shown under the current-password input, not under the new one.
    const currentInput = form.getByRole('textbox', { name: 'Current password', exact: true });
    await form.locator('input[name="currentPassword"][aria-invalid="true"]').waitFor();
    expect(
      await form.getByRole('textbox', { name: 'New password', exact: true }).getAttribute('aria-invalid'),
    ).not.toBe('true');

    await currentInput.fill(server.ownerPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    expect(await currentInput.inputValue()).toBe('');

    // Sign out lands on /login (no ?next=).
    await chooseFromUserMenu(page, 'Sign out');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndSearch(page)).toBe('/login');
    await page.getByRole('heading', { name: 'Sign in to Stockroom' }).waitFor();

    // The old password no longer works; the new one does.
    await submitSignIn(page, server.ownerEmail, server.ownerPassword);
    await page.getByText('Email or password is wrong.').waitFor();
    await submitSignIn(page, server.ownerEmail, NEW_PASSWORD);
    await page.getByTestId('user-menu').waitFor();
    expect(pathAndSearch(page)).toBe('/');

    await context.close();
  });
});
