import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { expect } from 'vitest';
import { Client } from '../helpers.js';

/**
 * Real server processes for tests that start, kill (SIGKILL) and restart them: `node
 * dist/main.js start`, each on its own port, on a database and a data folder they share.
 */

export const serverDir = path.resolve(import.meta.dirname, '../..');
export const serverMain = path.join(serverDir, 'dist/main.js');
/** The owner every child server is set up with (STOCKROOM_OWNER_EMAIL/PASSWORD). */
export const CHILD_OWNER = { email: 'owner@example.com', password: 'correct-horse-battery-9' };

/** Builds dist/main.js if it is not there (a run of one test file on a fresh checkout). */
export function ensureServerBuilt(): void {
  if (fs.existsSync(serverMain)) return;
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}

/** A throwaway PostgreSQL database beside `postgresUrl`'s; `drop()` removes it (and its sessions). */
export async function createTestDatabase(
  postgresUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with its exit code (null when killed by a signal) once it has exited. */
  exited: () => Promise<number | null>;
}

/** The environment a child server starts with: the shared database and folder, the test owner. */
export function childEnv(options: { databaseUrl: string; dataDir: string }): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    STOCKROOM_DEMO: '0',
    STOCKROOM_DATA_DIR: options.dataDir,
    STOCKROOM_OWNER_EMAIL: CHILD_OWNER.email,
    STOCKROOM_OWNER_PASSWORD: CHILD_OWNER.password,
    STOCKROOM_JOB_POLL_SECONDS: '0.5',
    STOCKROOM_JOB_MAINTENANCE_SECONDS: '1',
  };
}

/**
 * Starts `dist/main.js start` with `env` over the test's own environment and waits (up to
 * `timeoutMs`) for it to say it is ready; answers its URL. Every child started goes into
 * `children`, for the test's afterAll to kill what is left (`killChildren`).
 */
export async function startChildServer(
  children: ChildProcess[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [serverMain, 'start'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const started = Date.now();
  while (
    !/ready at http:\/\/localhost:\d+/.test(out) &&
    Date.now() - started < timeoutMs &&
    child.exitCode === null
  )
    await new Promise((r) => setTimeout(r, 100));
  const port = /ready at http:\/\/localhost:(\d+)/.exec(out)?.[1];
  if (!port) throw new Error(`the server did not start:\n${out}`);
  return { url: `http://127.0.0.1:${port}`, child, output: () => out, exited: () => exit };
}

/** Kills (SIGKILL) every child still running: a test's afterAll. */
export function killChildren(children: readonly ChildProcess[]): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A client signed in to a child server as the owner. */
export async function signedInTo(url: string): Promise<Client> {
  const client = new Client(url);
  await client.login(CHILD_OWNER.email, CHILD_OWNER.password);
  if (!client.cookie) throw new Error('sign-in failed');
  return client;
}

/** The uuid inside a public id (`job_0190…` → `0190…-…`). */
export function uuidOfPublicId(publicId: string): string {
  const hex = publicId.slice(publicId.indexOf('_') + 1);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether process `pid` holds the local end of a TCP connection from `port` (Linux: its socket
 * inodes in /proc/<pid>/fd against /proc/net/tcp{,6}): tells which server sent a request.
 */
export function ownsLocalPort(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1]!.split(':')[1]!, 16);
      if (localPort === port && inodes.has(cols[9]!)) return true;
    }
  }
  return false;
}
