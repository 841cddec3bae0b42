import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** SPEC §6: copying a built-in role into one of the store's own, and deleting it. */
describe('roles in the admin', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('copies Support, adds reading the audit log, and deletes the copy', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Roles' })
      .click();
    const support = page.getByTestId('role-row').filter({ hasText: 'Looks after customers' });
    await support.getByRole('button', { name: 'Copy' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Senior support');
    await dialog.getByRole('checkbox', { name: /Read the audit log/i }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'role-form-desktop');
    await dialog.getByRole('button', { name: 'Create role' }).click();
    const senior = page.getByTestId('role-row').filter({ hasText: 'Senior support' });
    await senior.getByText(/AUDIT_READ/).waitFor();
    await senior.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByTestId('role-row').filter({ hasText: 'Senior support' }).count())
      .toBe(0);
    await context.close();
  });
});
