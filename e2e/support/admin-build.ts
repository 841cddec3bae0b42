import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const adminRoot = path.resolve(import.meta.dirname, '../../apps/admin');

/**
 * Builds the admin in its own process with NODE_ENV=production: Vitest sets NODE_ENV=test, which
 * would otherwise bundle the development builds of React and Apollo.
 */
export function buildAdmin(): void {
  const viteRoot = path.dirname(
    createRequire(path.join(adminRoot, 'package.json')).resolve('vite/package.json'),
  );
  const result = spawnSync(
    process.execPath,
    [path.join(viteRoot, 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: adminRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`Building the admin failed (exit code ${String(result.status)}).`);
}

/** Builds the admin when there is no build at all (e.g. a run that skipped this project's global setup). */
export function ensureAdminBuilt(): void {
  if (!fs.existsSync(path.join(adminRoot, 'dist', 'index.html'))) buildAdmin();
}
