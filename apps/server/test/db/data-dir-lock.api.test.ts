import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolder } from '../../src/db/data-dir-lock.js';
import { Client } from '../helpers.js';

/**
 * One process at a time on an embedded store (issue 26 §1.6): a second start on the same folder
 * exits at once naming the folder and the process; a lock left by a killed process is taken over.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const dirFor = (name: string) => path.join(root, name);
const stat22 = (pid: number) => {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19]!;
};
function writeRecord(dir: string, record: Record<string, unknown>) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      hostname: os.hostname(),
      bootId: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      token: 'someone-else',
      startedAt: '2026-11-28T00:00:00.000Z',
      command: 'stockroom start (port 4000)',
      ...record,
    }),
  );
}
/** A process that has run and ended: its pid runs no more. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(done.stdout);
}
function sleeper(): ChildProcess {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe('the lock on an embedded store folder', () => {
  it('is refused to a second taker while held, naming the folder and the holder, and free again after release', () => {
    const dir = dirFor('twice');
    const first = lockDataDir(dir, 'first');
    let refusal: unknown;
    try {
      lockDataDir(dir, 'second');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(path.resolve(dir));
    expect((refusal as Error).message).toContain(`pid ${process.pid}`);
    expect((refusal as Error).message).toContain('"first"');
    first.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, 'third').release();
  });

  it('takes over a lock whose process has died', () => {
    const dir = dirFor('dead');
    writeRecord(dir, { pid: deadPid(), processStart: null });
    expect(lockHolder(dir)).toBeNull();
    const lock = lockDataDir(dir, 'after the crash');
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock written before the machine last started (power loss)', () => {
    const dir = dirFor('reboot');
    const other = sleeper();
    writeRecord(dir, {
      pid: other.pid,
      processStart: stat22(other.pid!),
      bootId: '00000000-0000-0000-0000-000000000000',
    });
    lockDataDir(dir, 'after the reboot').release();
  });

  it('takes over a lock whose pid now belongs to another process', () => {
    const dir = dirFor('reused');
    const other = sleeper();
    writeRecord(dir, { pid: other.pid, processStart: String(Number(stat22(other.pid!)) - 1000) });
    lockDataDir(dir, 'after pid reuse').release();
  });

  it('refuses while the holding process runs', () => {
    const dir = dirFor('alive');
    const other = sleeper();
    writeRecord(dir, { pid: other.pid, processStart: stat22(other.pid!) });
    expect(() => lockDataDir(dir, 'second')).toThrow(DataDirLockedError);
    expect(lockHolder(dir)?.pid).toBe(other.pid);
  });
});

const serverDir = path.resolve(import.meta.dirname, '../..');
const main = path.join(serverDir, 'dist/main.js');

function start(dataDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [main, 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STOCKROOM_DEMO: '0',
      STOCKROOM_DATA_DIR: dataDir,
      STOCKROOM_OWNER_EMAIL: 'owner@example.com',
      STOCKROOM_OWNER_PASSWORD: 'correct-horse-battery-9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: () => out };
}

async function until(check: () => boolean, ms: number) {
  const started = Date.now();
  while (!check() && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 100));
}

describe('npm start twice on one data folder', () => {
  it('the second start exits at once naming the folder and the running process; after kill -9 a new start takes over', async () => {
    if (!fs.existsSync(main)) {
      const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
    }
    const dataDir = dirFor('store');
    const first = start(dataDir);
    await until(() => /ready at/.test(first.output()) || first.child.exitCode !== null, 120_000);
    expect(first.output()).toMatch(/Stockroom is ready at http:\/\/localhost:\d+/);

    const second = start(dataDir);
    const secondStarted = Date.now();
    await until(() => second.child.exitCode !== null, 30_000);
    expect(second.child.exitCode).not.toBe(0);
    expect(second.child.exitCode).not.toBeNull();
    // "At once": before opening anything (a start takes seconds; the refusal well under that).
    expect(Date.now() - secondStarted).toBeLessThan(30_000);
    expect(second.output()).toContain(path.resolve(dataDir));
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/ready at/);

    // The first keeps serving, unharmed.
    const port = /ready at http:\/\/localhost:(\d+)/.exec(first.output())![1];
    const client = new Client(`http://127.0.0.1:${port}`);
    await client.login('owner@example.com', 'correct-horse-battery-9');
    expect(client.cookie).toBeTruthy();

    first.child.kill('SIGKILL');
    await until(() => first.child.exitCode !== null || first.child.signalCode !== null, 10_000);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true); // left behind by the killed process

    const third = start(dataDir);
    await until(() => /ready at/.test(third.output()) || third.child.exitCode !== null, 120_000);
    expect(third.output()).toMatch(/ready at/);
    const port3 = /ready at http:\/\/localhost:(\d+)/.exec(third.output())![1];
    const again = new Client(`http://127.0.0.1:${port3}`);
    await again.login('owner@example.com', 'correct-horse-battery-9');
    expect(again.cookie).toBeTruthy();
    third.child.kill('SIGTERM');
    await until(() => third.child.exitCode !== null, 20_000);
    // A clean stop leaves no lock behind.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
