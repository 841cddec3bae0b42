import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing lines name. */
const SLOWEST = 15;

/**
 * Prints one plain closing line, "Tests: N passed, N failed, N skipped", after vitest's own summary,
 * preceded by the slowest files (tests and hooks, seconds) and the tests that passed only on a retry:
 * CI's log then says where its time went and what is flaky.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        if (state === 'passed' && test.diagnostic()?.flaky)
          flaky.push(
            `${module.project.name}: ${path.relative(process.cwd(), module.moduleId)} > ${test.fullName}`,
          );
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const slowest = testModules
      .map((module) => ({
        file: `${module.project.name}: ${path.relative(process.cwd(), module.moduleId)}`,
        seconds: module.diagnostic().duration / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    if (slowest.length > 1) {
      process.stdout.write(`\nSlowest files (tests and hooks):\n`);
      for (const { file, seconds } of slowest)
        process.stdout.write(`${seconds.toFixed(1).padStart(7)} s  ${file}\n`);
    }
    // A browser test that failed once and passed on its retry (e2e/vitest.config.ts) is named here,
    // so a timing problem is seen and fixed rather than hidden by the retry.
    if (flaky.length) {
      process.stdout.write(`\nPassed only on a retry (${flaky.length}):\n`);
      for (const name of flaky) process.stdout.write(`  ${name}\n`);
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
