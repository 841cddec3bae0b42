/**
 * Saves PNG screenshots of the main screens at desktop (1280×800) and phone (375×812) sizes, in the
 * light and dark themes, into e2e/screenshots/ (gitignored), for a person to look at.
 *
 *   STOCKROOM_SCREENSHOTS=1 npx vitest run --config e2e/vitest.config.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE, type Viewport } from './support/browser';
import { signIn, startTestServer, type TestServer } from './support/stockroom';

const OUT = path.join(import.meta.dirname, 'screenshots');

interface Shot {
  name: string;
  path: string;
  /** Waits until the screen has settled. */
  ready: (page: Page) => Promise<void>;
  signedIn: boolean;
  /** Opens something on the screen before the picture is taken. */
  open?: (page: Page, viewport: Viewport) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
  },
  {
    name: 'home',
    path: '/',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor(),
  },
  {
    name: 'account',
    path: '/account',
    signedIn: true,
    ready: (page) => page.getByTestId('sessions-section').waitFor(),
  },
  {
    name: 'menu',
    path: '/',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor(),
    open: async (page, viewport) => {
      if (viewport.width < 600) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Home' }).waitFor();
      } else {
        await page.getByTestId('user-menu').click();
        await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
      }
    },
  },
  {
    name: 'not-found',
    path: '/no/such/page',
    signedIn: true,
    ready: (page) => page.getByTestId('not-found').waitFor(),
  },
];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function capture(viewport: Viewport, label: string, scheme: 'light' | 'dark'): Promise<string[]> {
  const { context, page } = await newPage(browser, server.url, viewport);
  await context.addInitScript(
    (value) => window.localStorage.setItem('stockroom-color-scheme', value),
    scheme,
  );
  const saved: string[] = [];
  let signedIn = false;
  for (const shot of SHOTS) {
    if (shot.signedIn && !signedIn) {
      await signIn(page, server.ownerEmail, server.ownerPassword);
      signedIn = true;
    }
    await page.goto(shot.path);
    await shot.ready(page);
    await shot.open?.(page, viewport);
    // Let skeletons, fonts and transitions finish.
    await page.waitForTimeout(400);
    const file = path.join(OUT, `${shot.name}-${label}-${scheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    saved.push(file);
  }
  await context.close();
  return saved;
}

/** Home as a person with one role (Support), who sees the list of what they may do. */
async function captureSupportHome(): Promise<string> {
  const email = 'support@example.com';
  const password = 'amber-harbour-window-31';
  await server.createStaff({ email, name: 'Noah Fischer', password, roleKeys: ['support'] });
  const { context, page } = await newPage(browser, server.url, DESKTOP);
  await signIn(page, email, password);
  await page.getByRole('heading', { level: 2, name: 'Your roles' }).waitFor();
  await page.waitForTimeout(400);
  const file = path.join(OUT, 'home-desktop-light-support.png');
  await page.screenshot({ path: file, fullPage: true });
  await context.close();
  return file;
}

it('saves screenshots of login, home, account and not-found', async () => {
  const files = [
    await captureSupportHome(),
    ...(await capture(DESKTOP, 'desktop', 'light')),
    ...(await capture(PHONE, 'phone', 'light')),
    ...(await capture(DESKTOP, 'desktop', 'dark')),
    ...(await capture(PHONE, 'phone', 'dark')),
  ];
  for (const file of files) expect(fs.statSync(file).size).toBeGreaterThan(1000);
});
