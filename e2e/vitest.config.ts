import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Browser tests: Debian's Chromium driven by playwright-core against the built admin served by the
 * real server on a fresh embedded database. `e2e/screenshots.ts` runs only when asked for
 * (STOCKROOM_SCREENSHOTS=1), since it writes files rather than checking behaviour.
 */
export default defineProject({
  resolve: {
    // The server's own code must get the same copy of graphql as Yoga and Envelop, which Node loads as
    // CommonJS ("main"); Vite would pick the ESM build ("module"), and graphql then refuses types
    // "from another module or realm".
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include:
      process.env.STOCKROOM_SCREENSHOTS === '1'
        ? ['screenshots.ts', 'catalog-screenshots.ts']
        : ['**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts', '../apps/server/test/support/embedded-snapshot-dir.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A poll waits for what a person would wait for, not for a fast machine's timing: CI runs two
    // files at a time, each with its own server and Chromium, on 2 cores, where a list redrawn
    // after a click took over a second (the default 1 s made sort-headers fail there). A poll
    // whose condition never holds still fails.
    expect: { poll: { timeout: 10_000 } },
    // One retry for a browser test, and only for those: on CI's loaded 2-core machine a test that
    // passes alone has failed once in ~1,200 for a browser stall (outage.test.ts: the tab never
    // clickable for 30 s, never seen in 10 runs here, loaded or not), and each such stall cost a
    // whole wave. A test that fails twice still fails, and one that passes only on its retry is
    // named at the end of the run (scripts/summary-reporter.ts) to be looked at.
    retry: 1,
    // Each file starts its own server and browser; two at a time keeps a small CI machine responsive.
    maxWorkers: 2,
    // Runs after the other projects (which use the default worker count), not beside them.
    sequence: { groupOrder: 1 },
  },
});
