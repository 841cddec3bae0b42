import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
const main = path.join(serverDir, 'dist/main.js');

/**
 * `npm start` on a new embedded store, as a merchant runs it: the built server loads the demo store
 * (in a child process, see app.ts), prints how to sign in, and the printed demo staff can sign in.
 */
describe('the start command on a new embedded store', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-start-'));
  let child: ReturnType<typeof spawn> | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the demo store, prints the sign-in, and the printed staff can sign in', async () => {
    if (!fs.existsSync(main)) {
      const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
    }
    child = spawn(process.execPath, ['--max-old-space-size=256', main, 'start'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        STOCKROOM_DATA_DIR: dataDir,
        STOCKROOM_OWNER_EMAIL: 'owner@example.com',
        STOCKROOM_OWNER_PASSWORD: 'correct-horse-battery-9',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const started = Date.now();
    while (
      !/Demo staff[\s\S]*Analyst.*\n/.test(out) &&
      Date.now() - started < 150_000 &&
      child.exitCode === null
    ) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(out).toMatch(/Stockroom is ready at http:\/\/localhost:\d+/);
    const port = /ready at http:\/\/localhost:(\d+)/.exec(out)![1];
    const admin = /Administrator\s+(\S+)\s+(\S+)/.exec(out);
    expect(admin, out).not.toBeNull();
    const client = new Client(`http://127.0.0.1:${port}`);
    await client.login(admin![1]!, admin![2]!);
    expect(client.cookie).toBeTruthy();
    const products = await client.request(`{ products(first: 1) { count { value } } }`);
    expect(products.body.data?.products.count.value).toBeGreaterThan(10);
  }, 180_000);
});
