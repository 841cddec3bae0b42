import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, with the flags of ARCHITECTURE §5; nothing is downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 812 };

/** A fresh browser profile (no cookies, light theme) pointed at the test server. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    colorScheme: 'light',
    // No transitions: checks and axe see finished states, not half-faded ones.
    reducedMotion: 'reduce',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  // Generous: a 2-core CI machine runs two browser files, their servers and Chromium at once.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) {
    page.on('console', (message) => console.log(`[browser ${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => console.log(`[browser error] ${error.message}`));
    page.on('requestfailed', (request) =>
      console.log(`[request failed] ${request.url()} ${request.failure()?.errorText}`),
    );
  }
  return { context, page };
}
