import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
// graphql ships CJS and ESM builds; dependencies load the CJS one under Node, so our code must too
// (two copies of graphql refuse each other's types).
const graphqlCjs = require.resolve('graphql');

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Two files at a time even on 2 cores (Vitest's default is cores − 1): much of a server test's
    // time is waiting on PostgreSQL, and each file has its own database (server tests 477 → 326 s).
    // One value for every project of the first group: Vitest refuses different ones in a group.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // A worker loads the server's modules once for all its files instead of once per file
          // (import time 665 s → 35 s over a CI run). Safe: the tests mock no module, and each file
          // starts its own servers on its own databases.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./apps/server/test/support/embedded-snapshot-dir.ts'],
        },
      },
      // Component tests (*.test.tsx) ask for jsdom in their first line; the rest run in Node.
      {
        extends: true,
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          // As the server's: a worker loads React, Mantine and Apollo once for all its files (the
          // project 124 → 45 s, import 122 → 46 s; passes shuffled too). Spies and stubbed globals
          // are put back after each test, so no file sees another's.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
        },
      },
      // Browser tests keep their own config (Chromium, built admin, two files at a time).
      'e2e/vitest.config.ts',
    ],
  },
});
