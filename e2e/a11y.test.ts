import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE } from './support/browser';
import { signIn, startTestServer, submitSignIn, type TestServer } from './support/stockroom';

/** Serious and critical axe violations, as "rule: target" lines so a failure says what and where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    );
}

async function colorScheme(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset['mantineColorScheme']);
}

async function preferScheme(context: BrowserContext, scheme: 'light' | 'dark'): Promise<void> {
  await context.addInitScript(
    (value) => window.localStorage.setItem('stockroom-color-scheme', value),
    scheme,
  );
}

describe('accessibility (axe)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds no serious or critical violations on the sign-in page, in light theme', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await colorScheme(page)).toBe('light');
    expect(await seriousViolations(page)).toEqual([]);

    // With the error message showing, too.
    await submitSignIn(page, server.ownerEmail, 'not-the-password-at-all');
    await page.getByText('Email or password is wrong.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds no serious or critical violations on the shell with Home, in light theme', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor();
    expect(await colorScheme(page)).toBe('light');
    expect(await seriousViolations(page)).toEqual([]);

    // The person's menu, open.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds none on Account with field errors showing, nor on the not-found screen', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/account');
    await page.getByTestId('sessions-section').waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Enter your current password.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds none at phone width with the navigation drawer open', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds none on sign-in and Home in dark theme', async () => {
    const { context, page } = await newPage(browser, server.url);
    await preferScheme(context, 'dark');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await colorScheme(page)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);

    await submitSignIn(page, server.ownerEmail, server.ownerPassword);
    await page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
