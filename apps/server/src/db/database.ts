import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';
import { migrations } from './migrations/index.js';
import { PGliteDialect } from './pglite-dialect.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the pool or a transaction: repositories take whichever the service hands them. */
export type Executor = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** Counts statements sent, so tests can prove a list costs a bounded number of queries. */
  queryCount: () => number;
  /**
   * The same database, for the server's own periodic bookkeeping (list-bound counts), which belongs
   * to no request: its statements are not counted, so per-request statement counts stay exact.
   */
  upkeep: DB;
  /**
   * Raw SQL for the job engine (pg-boss), outside Kysely and outside any request's transaction.
   * Text without values may hold several statements (pg-boss's migrations, its `BEGIN; … COMMIT;`
   * blocks). On PGlite it waits its turn in the dialect's queue like any transaction, so it never
   * lands inside another caller's open transaction, and none lands inside its own.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
  /** An in-memory embedded database's files as a tarball, for `snapshot` (tests). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * An embedded database's files as a gzipped tarball, taken between transactions after a
   * checkpoint: a consistent copy while the store keeps serving (`npm run backup`).
   */
  backup?: () => Promise<Blob>;
}

// Postgres bigint (int8) and numeric come back as strings; counts are small, keep them numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * How long a request waits for a database connection (a new one, or a free one from a busy pool)
 * before it is answered "unavailable". Without it, a database that accepts connections but never
 * answers would hold every request forever.
 */
export const CONNECT_TIMEOUT_MS = 3_000;
/** /readyz answers within this, whatever the database does. */
export const PING_TIMEOUT_MS = 2_000;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for embedded data; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** Told about idle connections that failed (they are replaced, nothing else to do). */
  onIdleError?: (error: Error) => void;
  /**
   * An in-memory embedded database starts from these files (a `dumpDataDir` of another) instead of
   * an empty cluster: tests skip initdb and the migrations, ~2 s a server.
   */
  snapshot?: Blob | null;
  /**
   * An embedded store on disk is opened by one process at a time (data-dir-lock.ts). The caller may
   * hold the lock itself (the server keeps it across the demo-store loader's child process); else
   * this takes it for the life of the handle, naming `command` to a second process.
   */
  lock?: DataDirLock;
  command?: string;
  /** A new embedded store on disk starts from this backup (`npm run restore`). */
  restoreFrom?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let count = 0;
  const log = () => {
    count++;
  };
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 16,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Lets the kernel notice a peer that vanished without closing the connection.
      keepAlive: true,
      application_name: 'stockroom',
      // Planner costs for data on SSD or in memory (the default 4 assumes spinning disks and turns
      // selective index lookups — counts of a tag, say — into sequential scans).
      options: '-c random_page_cost=1.1',
    });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash the
    // process: the pool replaces it on the next checkout.
    // Once the database is closing, connections ending (or ended by a dropped database) are expected.
    let closing = false;
    pool.on('error', (error) => {
      if (!closing) options.onIdleError?.(error);
    });
    // A connection lost while checked out (mid-query, mid-transaction) fails the query that was
    // running, which the request answers; the pool then discards the client. pg also emits the loss
    // as an 'error' event, which with no listener would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    const upkeep = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const close = () => {
      closing = true;
      return db.destroy();
    };
    const executeSql = async (text: string, values?: unknown[]) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      // Several statements answer one result each: the last one is the answer.
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    };
    return { db, upkeep, kind: 'postgres', queryCount: () => count, executeSql, close };
  }
  let dataDir: string | undefined;
  let ownLock: DataDirLock | undefined;
  if (options.dataDir !== 'memory://') {
    if (!options.lock) ownLock = lockDataDir(options.dataDir, options.command ?? 'stockroom');
    dataDir = path.join(options.dataDir, 'pg');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // int8 as a JS number and numeric as a string, like the pg driver above (money and counts stay below 2^53).
  const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => v };
  // PGlite keeps PostgreSQL's 128 MB of shared buffers in WASM memory that never shrinks; a store
  // small enough to run embedded is served as well from 32 MB (the rest is the OS's file cache),
  // and the whole process then stays under 500 MB.
  const postgresqlconf = ['shared_buffers=32MB'];
  const load = dataDir ? options.restoreFrom : options.snapshot;
  let pglite: PGlite;
  try {
    pglite = new PGlite({
      ...(dataDir ? { dataDir } : {}),
      parsers,
      postgresqlconf,
      // Trigram indexes serve the stock levels list's substring search (migration 390); PostgreSQL
      // ships the extension, the embedded database loads it here before any migration creates it.
      extensions: { pg_trgm },
      ...(load ? { loadDataDir: load } : {}),
    });
    await pglite.waitReady;
  } catch (error) {
    ownLock?.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log });
  const upkeep = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  const executeSql = (text: string, values?: unknown[]) =>
    upkeep.connection().execute(async () => {
      try {
        if (values?.length) {
          const { rows } = await pglite.query(text, values, { rowMode: 'object' });
          return { rows };
        }
        // PGlite's `query` takes one statement; `exec` takes several (and answers one result each).
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A block that failed between its BEGIN and COMMIT must not leave the one session in it.
        if (pglite.isInTransaction()) await pglite.exec('rollback');
        throw error;
      }
    });
  return {
    db,
    upkeep,
    kind: 'pglite',
    queryCount: () => count,
    executeSql,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        ownLock?.release();
      }
    },
    // Holding the dialect's one connection keeps every other statement (and so every transaction)
    // out while the files are copied; the checkpoint makes the copy start without WAL to replay.
    backup: () =>
      db.connection().execute(async () => {
        await pglite.exec('checkpoint');
        return pglite.dumpDataDir('gzip');
      }),
    ...(dataDir ? {} : { dumpDataDir: () => pglite.dumpDataDir('none') }),
  };
}

/** Applies pending migrations. On PostgreSQL the migrator holds an advisory lock, so instances can start together. */
export async function migrate(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Database migration failed.', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Asks the database for `select 1`; fails when it does not answer within `timeoutMs`. */
export async function ping(db: DB, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The database did not answer within ${timeoutMs} ms.`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// SQLSTATE class 08 (connection exception) is matched by prefix; these are the others that mean
// "the server went away or will not take us now": admin/crash shutdown, starting up, too many connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg reports a lost or never-made connection by message only.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // …unexpectedly; …due to connection timeout
  /timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /is not queryable/, // a client whose connection already failed (e.g. the rollback after it)
];

/**
 * Whether an error means the database could not be reached or dropped the connection — not the
 * caller's fault nor a bug, so the request is answered "unavailable, try again" rather than masked
 * as an internal error. Follows `cause` and AggregateError (a connect to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((re) => re.test(error.message))) return true;
  const inner =
    error instanceof AggregateError ? [...(error.errors as unknown[]), error.cause] : [error.cause];
  return inner.some((e) => isDatabaseUnavailable(e, depth + 1));
}
