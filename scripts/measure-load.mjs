#!/usr/bin/env node
/* global window, document, MutationObserver -- instrument() and the evaluate callbacks run in the page. */
/**
 * Times the admin as a person sees it (issue 16 item 10), against a running server:
 *
 *   node scripts/measure-load.mjs http://localhost:4000 owner@example.com 'password' [runs]
 *
 * (a) Cold load of /products: a new browser context per run (empty HTTP cache) that carries only the
 *     session cookie; navigation start → the first product row in the table is visible.
 * (b) In-app navigation: Products → Customers → Orders → Products by the sidebar's links; the link's
 *     click → the first row of the next list is visible.
 *
 * Times are taken inside the page (performance.now(), a MutationObserver for the row), so the
 * driver's polling does not add to them. For the cold load it also reports where the time went:
 * the document, the entry script, the route's chunk, and each GraphQL operation (start → end, by
 * operation name, recorded by a fetch wrapper). Prints medians; `--json` prints every run as well.
 * Chromium: /usr/bin/chromium (CHROMIUM_PATH overrides), as the browser tests use.
 */
import { chromium } from 'playwright-core';

const [baseUrl = 'http://localhost:4000', email = 'owner@example.com', password, runsArg] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'));
const json = process.argv.includes('--json');
const runs = Number(runsArg ?? 10);
if (!password) {
  console.error('usage: node scripts/measure-load.mjs <base url> <email> <password> [runs] [--json]');
  process.exit(2);
}

const ROW = {
  products: 'main tbody tr a[href^="/products/"]',
  customers: 'main tbody tr a[href^="/customers/"]',
  orders: 'main tbody tr a[href^="/orders/"]',
};

/** Runs in the page before its scripts: records GraphQL operations and when a row first shows. */
function instrument() {
  const ops = [];
  window.__ops = ops;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    let name = '?';
    try {
      name = JSON.parse(String(init?.body ?? '{}')).operationName ?? '?';
    } catch {
      /* not JSON (uploads) */
    }
    const op = { name, start: performance.now(), end: 0 };
    ops.push(op);
    try {
      const response = await realFetch(input, init);
      // The body is read by the caller; clone to time when it has fully arrived.
      void response
        .clone()
        .arrayBuffer()
        .then(() => (op.end = performance.now()));
      return response;
    } catch (error) {
      op.end = performance.now();
      throw error;
    }
  };
  /** Resolves with performance.now() when `selector` matches a visible element. */
  window.__waitFor = (selector) =>
    new Promise((resolve) => {
      const check = () => {
        const el = document.querySelector(selector);
        return el && el.checkVisibility() ? performance.now() : 0;
      };
      const now = check();
      if (now) return resolve(now);
      const observer = new MutationObserver(() => {
        const t = check();
        if (t) {
          observer.disconnect();
          resolve(t);
        }
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    });
  // Installed before any script of the page: catches the first row of a cold load.
  window.__firstRow = new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => {
      const selector = window.__rowSelector;
      if (selector) void window.__waitFor(selector).then(resolve);
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => (x === undefined || Number.isNaN(x) ? '—' : `${Math.round(x)} ms`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const contextOptions = { baseURL: baseUrl, viewport: { width: 1280, height: 800 }, colorScheme: 'light' };

// Sign in once through the API; every run starts from this cookie.
const signIn = await browser.newContext(contextOptions);
const login = await signIn.request.post('/graphql', {
  headers: { 'content-type': 'application/json', 'x-stockroom-csrf': '1' },
  data: {
    query:
      'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { staff { id } userErrors { message } } }',
    variables: { e: email, p: password },
  },
});
const loginBody = await login.json();
if (!loginBody.data?.login?.staff) throw new Error(`Sign-in failed: ${JSON.stringify(loginBody)}`);
const storageState = await signIn.storageState();
await signIn.close();

async function coldLoad() {
  const context = await browser.newContext({ ...contextOptions, storageState });
  await context.addInitScript(`window.__rowSelector = ${JSON.stringify(ROW.products)};`);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto('/products', { waitUntil: 'commit' });
  const firstRow = await page.evaluate(() => window.__firstRow);
  const detail = await page.evaluate(async () => {
    // The paint that shows the row comes a frame after the row is laid out: wait for it (≤ 2 s).
    await new Promise((resolve) => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) resolve();
      }).observe({ type: 'paint', buffered: true });
      setTimeout(resolve, 2000);
    });
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const js = resources.filter((r) => r.name.endsWith('.js'));
    const css = resources.filter((r) => r.name.endsWith('.css'));
    const entry = js.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name));
    const route = js.find((r) => /\/products-route-[^/]+\.js$/.test(r.name));
    return {
      documentEnd: nav.responseEnd,
      domContentLoaded: nav.domContentLoadedEventEnd,
      // When the browser painted text for the first time: the shell and the list's rows arrive in
      // one commit, so this is when the person sees them (the row time above is when they are laid out).
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entryScriptEnd: entry?.responseEnd,
      routeChunkEnd: route?.responseEnd,
      lastScriptEnd: Math.max(...js.map((r) => r.responseEnd)),
      scripts: js.length,
      stylesheets: css.length,
      transferKb: resources.reduce((s, r) => s + r.encodedBodySize, nav.encodedBodySize) / 1024,
      // Network times of each operation: its resource entry (the fetch wrapper's own end waits for
      // the main thread), matched by start time.
      ops: window.__ops.map((o) => {
        const r = resources
          .filter((e) => e.name.includes('/graphql') && e.startTime >= o.start - 1)
          .sort((a, b) => a.startTime - b.startTime)[0];
        return { name: o.name, start: o.start, end: r?.responseEnd ?? o.end };
      }),
    };
  });
  await context.close();
  return { firstRow, ...detail };
}

async function inAppNavigation() {
  const context = await browser.newContext({ ...contextOptions, storageState });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto('/products');
  await page.locator(ROW.products).first().waitFor();
  // Let idle-time work (the sidebar's prefetches start 2 s after the first screen) happen as it would for a person reading the list.
  await page.waitForTimeout(3000);
  const steps = [
    ['customers', 'Customers'],
    ['orders', 'Orders'],
    ['products', 'Products'],
  ];
  const times = {};
  for (const [key, label] of steps) {
    const link = page.getByRole('navigation').getByRole('link', { name: label, exact: true });
    await link.hover();
    const handle = await link.elementHandle();
    times[key] = await page.evaluate(
      async ([a, selector]) => {
        const start = performance.now();
        // The old screen's rows must not count: wait for rows of the screen being opened.
        const shown = window.__waitFor(selector);
        a.click();
        return (await shown) - start;
      },
      [handle, ROW[key]],
    );
    await page.waitForTimeout(800);
  }
  await context.close();
  return times;
}

const cold = [];
for (let i = 0; i < runs + 1; i++) {
  const run = await coldLoad();
  if (i > 0) cold.push(run); // the first run warms the server and the OS file cache
}
const nav = [];
for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) nav.push(await inAppNavigation());
await browser.close();

const opNames = [...new Set(cold.flatMap((r) => r.ops.map((o) => o.name)))];
console.log(`Cold load of /products, ${cold.length} runs (median, ms from navigation start):`);
console.log(`  document received        ${ms(median(cold.map((r) => r.documentEnd)))}`);
console.log(`  entry script received    ${ms(median(cold.map((r) => r.entryScriptEnd)))}`);
console.log(`  DOMContentLoaded         ${ms(median(cold.map((r) => r.domContentLoaded)))}`);
console.log(`  products chunk received  ${ms(median(cold.map((r) => r.routeChunkEnd)))}`);
console.log(`  last script received     ${ms(median(cold.map((r) => r.lastScriptEnd)))}`);
for (const name of opNames) {
  const mine = cold.map((r) => r.ops.find((o) => o.name === name)).filter(Boolean);
  console.log(
    `  ${name.padEnd(24)} ${ms(median(mine.map((o) => o.start)))} → ${ms(median(mine.map((o) => o.end)))}`,
  );
}
console.log(`  FIRST PRODUCT ROW        ${ms(median(cold.map((r) => r.firstRow)))}`);
console.log(`  first contentful paint   ${ms(median(cold.map((r) => r.firstContentfulPaint ?? NaN)))}`);
console.log(
  `  (row: min ${ms(Math.min(...cold.map((r) => r.firstRow)))}, max ${ms(Math.max(...cold.map((r) => r.firstRow)))}; ` +
    `${cold[0].scripts} scripts, ${cold[0].stylesheets} stylesheets, ${cold[0].transferKb.toFixed(0)} KB transferred uncompressed)`,
);
console.log(`In-app navigation by the sidebar, ${nav.length} rounds (median click → first row):`);
for (const key of ['customers', 'orders', 'products']) {
  console.log(`  → ${key.padEnd(10)} ${ms(median(nav.map((n) => n[key])))}`);
}
console.log(`  all steps    ${ms(median(nav.flatMap((n) => Object.values(n))))}`);
if (json) console.log(JSON.stringify({ cold, nav }, null, 2));
