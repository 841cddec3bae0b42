/**
 * Starts the real server for API and browser tests: a fresh database (embedded in memory, or a
 * throwaway PostgreSQL database when `databaseUrl` is given), a random port, the owner created.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BUILT_IN_ROLES } from '@stockroom/domain';
import { loadConfig, type Config } from './config.js';
import { startApp, type RunningApp, type StartOptions } from './app/app.js';
import { createLogger, type Logger } from './lib/logger.js';
import { hashPassword } from './modules/staff/password.js';
import { insertStaff } from './modules/staff/staff.repository.js';
import { uuidv7 } from './lib/uuid.js';

export const TEST_OWNER_EMAIL = 'owner@example.com';
export const TEST_OWNER_PASSWORD = 'correct-horse-battery-9';

export interface TestServer {
  url: string;
  app: RunningApp;
  ownerEmail: string;
  ownerPassword: string;
  createStaff(opts: { email: string; name: string; password: string; roleKeys: string[] }): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** A PostgreSQL server URL; a new database is made on it and dropped on close. */
  postgresUrl?: string | undefined;
  /** Embedded data directory (default: in memory). */
  dataDir?: string;
  demo?: boolean;
  config?: Partial<Config>;
  /** Whether this server runs job steps (default on; off, a test runs them with `app.jobs.runStep`). */
  jobWorkers?: boolean;
  /** Where the server logs (default: a logger at TEST_LOG_LEVEL, silent unless set). */
  log?: Logger;
  /** The CSV importers (default: app/jobs.ts importersFor(config)). */
  importers?: StartOptions['importers'];
  /** The webhooks' clock (lib/clock.ts adjustableClock moves it on). */
  clock?: StartOptions['clock'];
}

/**
 * Where an in-memory embedded store's first start in this test run leaves its migrated files, and
 * later starts (any file, any worker) begin from them: the directory the run's global setup made
 * (STOCKROOM_TEST_SNAPSHOT_DIR, removed when the run ends), so a snapshot never outlives the code
 * that made it. Without it, every start runs initdb and the migrations.
 */
function embeddedSnapshot(): StartOptions['embeddedSnapshot'] {
  const dir = process.env['STOCKROOM_TEST_SNAPSHOT_DIR'];
  if (!dir || !fs.existsSync(dir)) return undefined;
  const file = path.join(dir, 'embedded-store.tar');
  return {
    load: fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : null,
    // Written aside and renamed: two first starts at once each write a whole file.
    save: async (snapshot) => {
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
      fs.renameSync(partial, file);
    },
  };
}

async function createThrowawayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `stockroom_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const throwaway = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      STOCKROOM_DATA_DIR: options.dataDir ?? 'memory://',
      STOCKROOM_DEMO: options.demo ? '1' : '0',
      STOCKROOM_OWNER_EMAIL: TEST_OWNER_EMAIL,
      STOCKROOM_OWNER_PASSWORD: TEST_OWNER_PASSWORD,
      LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
      // Jobs: a started job and each next step wake the worker at once; idle workers look every
      // second. Expired steps are looked for at the default pace (a test of that starts its own
      // servers with a short one), so the embedded store's one session is not kept busy by it.
      STOCKROOM_JOB_POLL_SECONDS: '1',
      ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    },
    options.config,
  );
  if (options.jobWorkers === false) config.jobs = { ...config.jobs, workers: false };
  const inMemory = !config.databaseUrl && config.dataDir === 'memory://';
  const app = await startApp(config, options.log ?? createLogger(config.logLevel), {
    ...(inMemory ? { embeddedSnapshot: embeddedSnapshot() } : {}),
    ...(options.importers ? { importers: options.importers } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    url: app.url,
    app,
    ownerEmail: TEST_OWNER_EMAIL,
    ownerPassword: TEST_OWNER_PASSWORD,
    async createStaff({ email, name, password, roleKeys }) {
      const unknown = roleKeys.filter((k) => !BUILT_IN_ROLES.some((r) => r.key === k));
      if (unknown.length) throw new Error(`Unknown role keys: ${unknown.join(', ')}`);
      const roles = roleKeys.length
        ? await app.database.db.selectFrom('roles').select('id').where('key', 'in', roleKeys).execute()
        : [];
      const row = await insertStaff(
        app.database.db,
        { id: uuidv7(), email, name, passwordHash: await hashPassword(password), state: 'ACTIVE' },
        roles.map((r) => r.id),
      );
      return row.id;
    },
    async close() {
      await app.close();
      await throwaway?.drop();
    },
  };
}
