import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Global setup of the projects whose tests start servers: a directory for this run where the first
 * in-memory embedded store leaves a snapshot of its migrated files for the others
 * (apps/server/src/testing.ts), removed when the run ends. The workers inherit the variable.
 */
export default function setup(): (() => void) | undefined {
  if (process.env['STOCKROOM_TEST_SNAPSHOT_DIR']) return undefined; // made by another project's setup
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-test-'));
  process.env['STOCKROOM_TEST_SNAPSHOT_DIR'] = dir;
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    delete process.env['STOCKROOM_TEST_SNAPSHOT_DIR'];
  };
}
