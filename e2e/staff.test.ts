import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** Issue acceptance: the owner invites support, they join through the link, and are let go. */
describe('running the team', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('invites a support person who joins, sees support’s sections, and is sent away when deactivated', async () => {
    const owner = await newPage(browser, server.url);
    await signIn(owner.page, server.ownerEmail, server.ownerPassword);
    await owner.page.goto('/settings/staff');
    await owner.page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = owner.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('sue@example.com');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Sue');
    await dialog.getByRole('checkbox', { name: /^Support/ }).check();
    await shot(owner.page, 'staff-invite-desktop');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const link = await owner.page.getByTestId('staff-link').inputValue();
    expect(link).toMatch(/\/invite\/[\w-]{43}$/);
    await owner.page.getByRole('button', { name: 'Done' }).click();
    await owner.page
      .getByTestId('staff-row')
      .filter({ hasText: 'sue@example.com' })
      .getByText('Invited')
      .waitFor();

    // The link, in another browser: a name, a password, and in.
    const sue = await newPage(browser, server.url, PHONE);
    await sue.page.goto(new URL(link).pathname);
    await sue.page.getByRole('textbox', { name: 'Your name' }).fill('Sue Port');
    await sue.page.locator('input[autocomplete="new-password"]').fill('short');
    await sue.page.getByRole('button', { name: 'Join and sign in' }).click();
    await sue.page.getByText(/Use at least 12 characters/).waitFor();
    expect(await seriousViolations(sue.page)).toEqual([]);
    await sue.page.locator('input[autocomplete="new-password"]').fill('helpful-answers-every-day');
    await expect.poll(() => sue.page.getByText(/Use at least 12 characters/).count()).toBe(0);
    await shot(sue.page, 'staff-join-phone');
    await sue.page.getByRole('button', { name: 'Join and sign in' }).click();
    await sue.page.waitForURL((u) => u.pathname === '/');
    await sue.page.setViewportSize({ width: 1280, height: 800 });
    const nav = sue.page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect((await nav.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual([
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
    ]);
    await sue.page.goto('/orders');

    // The owner lets her go; her open page goes to sign-in at its next request.
    await owner.page.reload();
    await owner.page.getByRole('link', { name: 'Sue Port' }).click();
    await owner.page.getByTestId('staff-session').first().waitFor();
    await owner.page.getByRole('button', { name: 'Make Sue Port the owner' }).waitFor();
    await owner.page.getByRole('button', { name: 'Deactivate' }).click();
    await owner.page.getByTestId('staff-state').getByText('Deactivated').waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await shot(owner.page, 'staff-member-desktop');
    await nav.getByRole('link', { name: 'Products' }).click();
    await sue.page.waitForURL(/\/login/);
    await sue.page.getByText('Your session has ended. Sign in again.').waitFor();
    await owner.context.close();
    await sue.context.close();
  });
});
