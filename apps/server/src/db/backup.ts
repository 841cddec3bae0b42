import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database.js';
import { lockHolder } from './data-dir-lock.js';

/**
 * `npm run backup` / `npm run restore`.
 *
 * Embedded store: a backup is PGlite's data folder as a gzipped tarball, taken between transactions
 * after a checkpoint. While the server runs it holds the store (data-dir-lock.ts), so the command
 * asks it: it drops a request file in `<dataDir>/backup-requests/`, the server (which looks there
 * twice a second) writes the copy and answers in a result file. With no server running, the command
 * opens the store itself. Media files (`<dataDir>/media`) are named by their content and never
 * change: copy that folder beside the backup (README).
 *
 * PostgreSQL (DATABASE_URL): `pg_dump --format=custom` and `pg_restore --clean`, the server's own
 * tools, on the same database the server uses.
 */
export const REQUESTS_DIR = 'backup-requests';
const execFileAsync = promisify(execFile);

interface BackupRequest {
  out: string;
}
interface BackupResult {
  ok: boolean;
  bytes?: number;
  error?: string;
}

/** Writes `data` to `out` through a temporary file, so a half-written backup never has the name. */
function writeAtomically(out: string, data: Uint8Array): void {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial-${process.pid}`;
  fs.writeFileSync(partial, data);
  fs.renameSync(partial, out);
}

async function writeBackup(handle: DatabaseHandle, out: string): Promise<number> {
  if (!handle.backup) throw new Error('This database has no embedded backup.');
  const blob = await handle.backup();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  writeAtomically(out, bytes);
  return bytes.length;
}

/**
 * The running server's side: answers backup requests dropped in the store's folder. Returns the
 * function that stops looking.
 */
export function serveBackupRequests(
  dataDir: string,
  handle: DatabaseHandle,
  onError: (error: unknown) => void,
): () => void {
  const dir = path.join(dataDir, REQUESTS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const name of fs.readdirSync(dir)) {
        if (!name.endsWith('.request.json')) continue;
        const file = path.join(dir, name);
        const resultFile = file.replace(/\.request\.json$/, '.result.json');
        let result: BackupResult;
        try {
          const request = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupRequest;
          fs.rmSync(file, { force: true });
          if (typeof request.out !== 'string' || !path.isAbsolute(request.out))
            throw new Error('The backup request names no absolute output file.');
          result = { ok: true, bytes: await writeBackup(handle, request.out) };
        } catch (error) {
          fs.rmSync(file, { force: true });
          onError(error);
          result = { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
        fs.writeFileSync(resultFile, JSON.stringify(result));
      }
    } catch (error) {
      onError(error);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look(), 500);
  timer.unref();
  return () => clearInterval(timer);
}

/** Asks the server holding the store for a backup and waits for its answer. */
async function requestBackup(dataDir: string, out: string, timeoutMs: number): Promise<number> {
  const dir = path.join(dataDir, REQUESTS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const id = randomUUID();
  const resultFile = path.join(dir, `${id}.result.json`);
  const request = path.join(dir, `${id}.request.json`);
  // Written under another name first: the server must never read half a request.
  fs.writeFileSync(`${request}.tmp`, JSON.stringify({ out } satisfies BackupRequest));
  fs.renameSync(`${request}.tmp`, request);
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (!fs.existsSync(resultFile)) continue;
    const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as BackupResult;
    fs.rmSync(resultFile, { force: true });
    if (!result.ok) throw new Error(`The running server could not write the backup: ${result.error}`);
    return result.bytes ?? 0;
  }
  fs.rmSync(request, { force: true });
  throw new Error(
    `The server holding ${path.resolve(dataDir)} did not answer the backup request within ${Math.round(timeoutMs / 1000)} s.`,
  );
}

export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** `backup --out FILE`: answers how the copy was made and its size. */
export async function backup(
  target: BackupTarget,
  out: string,
  timeoutMs = 10 * 60_000,
): Promise<{ via: 'pg_dump' | 'running server' | 'store'; bytes: number }> {
  if (target.databaseUrl) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const partial = `${out}.partial-${process.pid}`;
    await execFileAsync('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${partial}`,
      target.databaseUrl,
    ]);
    fs.renameSync(partial, out);
    return { via: 'pg_dump', bytes: fs.statSync(out).size };
  }
  if (target.dataDir === 'memory://') throw new Error('An in-memory store cannot be backed up.');
  if (lockHolder(target.dataDir))
    return { via: 'running server', bytes: await requestBackup(target.dataDir, out, timeoutMs) };
  const handle = await openDatabase({ dataDir: target.dataDir, command: 'stockroom backup' });
  try {
    return { via: 'store', bytes: await writeBackup(handle, out) };
  } finally {
    await handle.close();
  }
}

/** `restore --in FILE`: replaces the store with the backup; answers the orders it holds. */
export async function restore(
  target: BackupTarget,
  input: string,
): Promise<{ orders: number; previous: string | null }> {
  if (!fs.existsSync(input)) throw new Error(`There is no backup file at ${input}.`);
  if (target.databaseUrl) {
    await execFileAsync('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      input,
    ]);
    const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      return { orders: await countOrders(handle), previous: null };
    } finally {
      await handle.close();
    }
  }
  if (target.dataDir === 'memory://') throw new Error('An in-memory store cannot be restored into.');
  const data = fs.readFileSync(input);
  if (data[0] !== 0x1f || data[1] !== 0x8b)
    throw new Error(`${input} is not a Stockroom backup (expected a gzipped archive from npm run backup).`);
  const holder = lockHolder(target.dataDir);
  if (holder)
    throw new Error(
      `The store in ${path.resolve(target.dataDir)} is open in process ${holder.pid}; stop the server before restoring.`,
    );
  // The store being replaced is kept beside it, never deleted by a restore.
  const pgDir = path.join(target.dataDir, 'pg');
  let previous: string | null = null;
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    previous = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(pgDir, previous);
  }
  try {
    const handle = await openDatabase({
      dataDir: target.dataDir,
      command: 'stockroom restore',
      restoreFrom: new Blob([data]),
    });
    try {
      return { orders: await countOrders(handle), previous };
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A backup that does not open leaves the store as it was.
    fs.rmSync(pgDir, { recursive: true, force: true });
    if (previous) fs.renameSync(previous, pgDir);
    throw error;
  }
}

async function countOrders(handle: DatabaseHandle): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(handle.db);
  return rows[0]?.n ?? 0;
}
