import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { seriousViolations, shot } from './support/look';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

/** What an integration gets from a token: products, or UNAUTHENTICATED once revoked. */
async function productsWith(server: TestServer, token: string): Promise<string> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ products(first: 1) { nodes { id } } }' }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  return body.errors?.[0]?.extensions?.code ?? 'OK';
}

/** SPEC §3 ApiToken: an owner makes a token for the storefront, hands it over, and revokes it. */
describe('API tokens in the admin', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('makes a token shown once, which works until it is revoked', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'API tokens' })
      .click();
    await page.getByText('No API tokens yet').waitFor();
    await page.getByRole('button', { name: 'Make a token' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Make token' }).click();
    await form.getByText('Name the token after what uses it.').waitFor();
    await form.getByText('Choose what the token may do.').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('Storefront');
    await form.getByRole('checkbox', { name: /see the catalog/ }).check();
    // Each message goes as its field is put right.
    await expect.poll(() => form.getByText('Name the token after what uses it.').count()).toBe(0);
    await expect.poll(() => form.getByText('Choose what the token may do.').count()).toBe(0);
    await page.mouse.move(5, 5);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'api-token-form-desktop');
    await form.getByRole('button', { name: 'Make token' }).click();

    const secret = await page.getByTestId('api-token-secret').inputValue();
    expect(secret).toMatch(/^srk_/);
    await shot(page, 'api-token-made-desktop');
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('api-token').filter({ hasText: 'Storefront' });
    await row.getByText('CATALOG_READ').waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    expect(await productsWith(server, secret)).toBe('OK');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await productsWith(server, secret)).toBe('UNAUTHENTICATED');
    await shot(page, 'api-tokens-desktop');
    await context.close();
  });
});
