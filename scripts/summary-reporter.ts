import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing lines name. */
const SLOWEST = 15;

/**
 * Prints one plain closing line, "Tests: N passed, N failed, N skipped", after vitest's own summary,
 * preceded by the slowest files (tests and hooks, seconds): CI's log then says where its time went.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
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
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
