import type { Page } from 'playwright-core';
import { startTestServer as startServer } from '../../apps/server/src/testing.js';
import { ensureAdminBuilt } from './admin-build';

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/** The real server on a fresh database, serving the built admin (built first if there is none). */
export function startTestServer(...args: Parameters<typeof startServer>): Promise<TestServer> {
  ensureAdminBuilt();
  return startServer(...args);
}

/** Fills the sign-in form and submits it; does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from /login and waits until the signed-in frame shows. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await page.getByTestId('user-menu').waitFor();
}

/** Opens the person's menu in the header and picks an item. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The path and query of the page's URL, e.g. "/login?next=%2Faccount". */
export function pathAndSearch(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}
