import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './types.js';
import { migrations } from './migrations/index.js';

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the pool or a transaction: repositories take whichever the service hands them. */
export type Executor = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** Counts statements sent, so tests can prove a list costs a bounded number of queries. */
  queryCount: () => number;
  close: () => Promise<void>;
}

// Postgres bigint (int8) and numeric come back as strings; counts are small, keep them numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for embedded data; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** Told about idle connections that failed (they are replaced, nothing else to do). */
  onIdleError?: (error: Error) => void;
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
      // Planner costs for data on SSD or in memory (the default 4 assumes spinning disks and turns
      // selective index lookups — counts of a tag, say — into sequential scans).
      options: '-c random_page_cost=1.1',
    });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash the
    // process: the pool replaces it on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, kind: 'postgres', queryCount: () => count, close: () => db.destroy() };
  }
  let dataDir: string | undefined;
  if (options.dataDir !== 'memory://') {
    dataDir = path.join(options.dataDir, 'pg');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // int8 as a JS number and numeric as a string, like the pg driver above (money and counts stay below 2^53).
  const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => v };
  const pglite = new PGlite(dataDir ? { dataDir, parsers } : { parsers });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log });
  return { db, kind: 'pglite', queryCount: () => count, close: () => db.destroy() };
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

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
