import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

function operationName(route: Route): string | null {
  try {
    const body: unknown = route.request().postDataJSON();
    return typeof body === 'object' &&
      body !== null &&
      'operationName' in body &&
      typeof body.operationName === 'string'
      ? body.operationName
      : null;
  } catch {
    return null;
  }
}

type Answer = (route: Route, attempt: number) => Promise<void>;

/** Answers one operation (Home by default) with `answer`; others pass through. Returns how to stop. */
async function interceptOperation(
  page: Page,
  answer: Answer,
  operation = 'Home',
): Promise<{ attempts: () => number; stop: () => Promise<void> }> {
  let attempts = 0;
  const handler = async (route: Route) => {
    if (operationName(route) !== operation) return route.continue();
    attempts += 1;
    return answer(route, attempts);
  };
  await page.route('**/graphql', handler);
  return { attempts: () => attempts, stop: () => page.unroute('**/graphql', handler) };
}

/** Shown only once Home's data has loaded. */
const homeData = (page: Page) => page.getByRole('heading', { level: 2, name: 'Your roles' });

describe('a screen whose data fails to load', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    ({ context, page } = await newPage(browser, server.url));
    await signIn(page, server.ownerEmail, server.ownerPassword);
    await homeData(page).waitFor();
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows the HTTP 502 message and Retry, and recovers on Retry once the server answers', async () => {
    // As a proxy in front of a stopped server would answer.
    const home = await interceptOperation(page, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
    );
    await page.reload();

    const error = page.getByTestId('error-state');
    await error.getByText('Response not successful: Received status code 502').waitFor();
    expect(await error.textContent()).toContain('The server is having trouble; try again.');
    const retry = error.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(home.attempts()).toBe(1);
    expect(await homeData(page).count()).toBe(0);
    // The frame around the screen still works.
    await page.getByTestId('user-menu').waitFor();

    await home.stop();
    await retry.click();
    await homeData(page).waitFor();
    expect(await page.getByTestId('error-state').count()).toBe(0);
  });

  it('shows "Something went wrong on our side. Reference: <id>" for an internal error', async () => {
    const home = await interceptOperation(page, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'x-request-id': 'req-e2e-0001' },
        body: JSON.stringify({
          errors: [
            {
              message: 'Something went wrong on our side. Reference: req-e2e-0001',
              extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'req-e2e-0001' },
            },
          ],
        }),
      }),
    );
    await page.reload();
    await page
      .getByTestId('error-state')
      .getByText('Something went wrong on our side. Reference: req-e2e-0001')
      .waitFor();
    await home.stop();
    await page.getByRole('button', { name: 'Retry' }).click();
    await homeData(page).waitFor();
  });

  it('shows "The server sent an empty response." when a response has neither data nor errors', async () => {
    const home = await interceptOperation(page, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await page.getByTestId('error-state').getByText('The server sent an empty response.').waitFor();
    await home.stop();
    await page.getByRole('button', { name: 'Retry' }).click();
    await homeData(page).waitFor();
  });

  it('retries a query by itself while the server cannot be reached', async () => {
    const home = await interceptOperation(page, (route, attempt) =>
      attempt <= 2 ? route.abort('failed') : route.continue(),
    );
    await page.reload();
    await homeData(page).waitFor();
    expect(home.attempts()).toBe(3);
    expect(await page.getByTestId('error-state').count()).toBe(0);
    await home.stop();
  });

  it('says "Cannot reach the server. Check your connection." once the retries run out', async () => {
    const home = await interceptOperation(page, (route) => route.abort('internetdisconnected'));
    await page.reload();
    // Said while the retries run, not only once they are over.
    await page.getByTestId('retrying-state').getByText('Cannot reach the server. Retrying…').waitFor();
    await page
      .getByTestId('error-state')
      .getByText('Cannot reach the server. Check your connection.')
      .waitFor({ timeout: 45_000 });
    // The first try and three retries (at most ~4 s of waiting), then the error with Retry.
    expect(home.attempts()).toBe(4);
    await home.stop();
    await page.getByRole('button', { name: 'Retry' }).click();
    await homeData(page).waitFor();
  });

  it('waits out THROTTLED (HTTP 429) as told, saying so, then shows the data', async () => {
    const home = await interceptOperation(page, (route, attempt) =>
      attempt === 1
        ? route.fulfill({
            status: 429,
            contentType: 'application/graphql-response+json',
            headers: { 'retry-after': '1' },
            body: JSON.stringify({
              errors: [{ message: 'Too many requests.', extensions: { code: 'THROTTLED', retryAfter: 1 } }],
            }),
          })
        : route.continue(),
    );
    await page.reload();
    await page.getByText('Too many requests; retrying in 1 s.').waitFor();
    await homeData(page).waitFor();
    expect(home.attempts()).toBe(2);
    await home.stop();
  });

  it('keeps the data on screen when a refetch fails, and says so in a toast', async () => {
    // Another session to sign out, so that the sessions list is fetched again afterwards.
    const other = await newPage(browser, server.url);
    await signIn(other.page, server.ownerEmail, server.ownerPassword);
    await other.context.close();

    await page.goto('/account');
    const sessions = page.getByTestId('sessions-section');
    await sessions.getByTestId('session-row').first().waitFor();
    const rowsBefore = await sessions.getByTestId('session-row').count();
    expect(rowsBefore).toBeGreaterThan(1);

    const account = await interceptOperation(
      page,
      (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service unavailable' }),
      'Account',
    );
    await sessions.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await page.getByText("Couldn't refresh; showing what was loaded before").waitFor();
    expect(account.attempts()).toBeGreaterThan(0);
    // The screen still shows what it had: the same rows, no error state in their place.
    expect(await sessions.getByTestId('session-row').count()).toBe(rowsBefore);
    expect(await page.getByTestId('error-state').count()).toBe(0);
    await account.stop();
  });
});
