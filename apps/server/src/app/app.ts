import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database.js';
import { INHERITED_LOCK_ENV, lockDataDir, type DataDirLock } from '../db/data-dir-lock.js';
import { serveBackupRequests } from '../db/backup.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { bootstrap, ensureOwner, type OwnerCredentials } from './bootstrap.js';
import { seed, type SeededStaff } from '../seed/seed.js';
import { memoryRateLimiter, redisRateLimiter, unlimitedRateLimiter } from '../lib/rate-limit.js';
import { createHttpServer } from './http/server.js';
import { importersFor, installJobSchema, LIST_EXPORTERS, startJobEngine, type JobEngine } from './jobs.js';
import type { Importers } from '../modules/jobs/import.model.js';
import { connectRedis } from '../lib/redis.js';
import { trackInFlight } from './http/in-flight.js';
import { backgroundBudget } from '../lib/background-budget.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Services } from '../graphql/services.js';
import { randomUUID } from 'node:crypto';
import { inProcessBus, redisBus } from '../modules/events/live-bus.js';
import { createLiveHub } from '../modules/events/live-hub.js';
import { bothRelays, startRelay, type Relay } from '../modules/events/relay.js';
import { setOutboxWrites } from '../modules/events/events.service.js';
import { forgetViewers } from '../modules/staff/viewer-cache.js';
import { cachedListBounds } from '../graphql/cost.js';
import { countBoundingTables } from '../lib/table-counts.repository.js';
import { execute } from 'graphql';
import { buildSchema } from './schema.js';
import { createLoaders } from './loaders.js';
import { systemClock, type Clock } from '../lib/clock.js';
import {
  startWebhooks,
  WEBHOOK_GATHER_MS,
  type WebhookRuntime,
} from '../modules/webhooks/webhook-runtime.js';
import type { OperationRunner } from '../modules/webhooks/webhook-payload.js';
import {
  loginThrottlePrefix,
  memoryLoginThrottle,
  redisLoginThrottle,
} from '../modules/staff/login-throttle.js';

export interface RunningApp {
  url: string;
  server: http.Server;
  services: Services;
  database: DatabaseHandle;
  /** The outbox relay (tests drain it). */
  relay: Relay;
  /** The job engine (pg-boss): its queue, and one step run by hand (tests). */
  jobs: JobEngine;
  /** Outgoing webhooks: the relay's consumer, the sender (tests drain it) and its clock. */
  webhooks: WebhookRuntime;
  /** Set on the first start only: the owner's sign-in, to print once. */
  owner: OwnerCredentials | null;
  /** Set when the demo store was loaded by this start. */
  demoStaff: SeededStaff[] | null;
  close: () => Promise<void>;
}

/** Opens the database, migrates, prepares first-start data, and listens. */
const execFileAsync = promisify(execFile);

export interface StartOptions {
  /**
   * Loads the demo store of a new embedded store in a child process (`<script> seed --json`): the
   * embedded database's WASM memory grows to load it and never shrinks, so loading it in the
   * server's own process would keep ~140 MB for the life of the process.
   */
  seedScript?: string;
  /**
   * Tests: an in-memory embedded store starts from `load`, a snapshot of a migrated and bootstrapped
   * one (no owner yet); without one, the snapshot of this start is handed to `save`.
   */
  embeddedSnapshot?: { load: Blob | null; save: (snapshot: Blob) => Promise<void> };
  /** Tests: the CSV importers to use instead of app/jobs.ts importersFor(config). */
  importers?: Partial<Importers>;
  /** Tests: the clock of webhook retries (moved 48 hours on to see a subscription pause). */
  clock?: Clock;
}

/** Loads the demo store into the embedded database from a child process; answers its demo staff. */
async function seedInChild(script: string, lock: DataDirLock | undefined): Promise<SeededStaff[]> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [...process.execArgv, script, 'seed', '--scale', 'small', '--json'],
    {
      // The child works on the store this process holds: it carries the lock rather than taking it.
      env: lock ? { ...process.env, [INHERITED_LOCK_ENV]: lock.token } : process.env,
      maxBuffer: 1024 * 1024,
    },
  );
  // Its log lines share stdout (and may come after the answer): the answer is the line with `staff`.
  for (const line of stdout.split('\n').reverse()) {
    if (!line.startsWith('{"staff":')) continue;
    const parsed = JSON.parse(line) as { staff?: unknown };
    if (Array.isArray(parsed.staff)) return parsed.staff as SeededStaff[];
  }
  throw new Error('Loading the demo store did not report its staff.');
}

export async function startApp(
  config: Config,
  log: Logger = createLogger(config.logLevel),
  options: StartOptions = {},
): Promise<RunningApp> {
  setOutboxWrites(config.outbox);
  if (!config.outbox)
    log.warn(
      'STOCKROOM_OUTBOX=off (benchmarking only): no domain events are written; live updates, webhooks and jobs’ events do not work',
    );
  // An embedded store on disk is this process's alone from here until close, the demo-store loader's
  // child process included (data-dir-lock.ts).
  const lock =
    !config.databaseUrl && config.dataDir !== 'memory://'
      ? lockDataDir(config.dataDir, `stockroom start (port ${config.port})`)
      : undefined;
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) => log.warn({ err }, 'an idle database connection failed; it will be replaced'),
      snapshot: options.embeddedSnapshot?.load ?? null,
      ...(lock ? { lock } : {}),
    });
  let database: DatabaseHandle;
  try {
    database = await open();
  } catch (error) {
    lock?.release();
    throw error;
  }
  let owner: OwnerCredentials | null;
  let demoStaff: SeededStaff[] | null;
  try {
    const applied = await migrate(database.db);
    if (applied.length) log.info({ migrations: applied }, 'migrations applied');
    await bootstrap(database.db, 'My store');
    await installJobSchema(database);
    const snapshot = options.embeddedSnapshot;
    if (snapshot && !snapshot.load && database.dumpDataDir) await snapshot.save(await database.dumpDataDir());
    owner = await ensureOwner(database.db, { email: config.ownerEmail, password: config.ownerPassword });
    // A store that just got its owner is new: load the demo store unless told not to.
    const embeddedOnDisk = database.kind === 'pglite' && config.dataDir !== 'memory://';
    if (owner && config.demo && options.seedScript && embeddedOnDisk) {
      await database.close(); // one process at a time on the embedded files
      demoStaff = await seedInChild(options.seedScript, lock);
      database = await open();
    } else {
      demoStaff = owner && config.demo ? (await seed(database.db, config, 'small', log)).staff : null;
    }
  } catch (error) {
    await database.close();
    lock?.release();
    throw error;
  }

  // One Redis connection for the shared buckets; a Redis that is down at start (or later) is an
  // outage to ride out per instance, never a reason not to serve (issue #26 §1.8).
  const redis = config.redisUrl ? connectRedis(config.redisUrl, log) : null;
  await redis?.connected();
  const rateLimiter = !config.rateLimit
    ? unlimitedRateLimiter()
    : redis
      ? redisRateLimiter(redis)
      : memoryRateLimiter();
  const throttlePrefix = loginThrottlePrefix(config);
  const loginThrottle = redis
    ? redisLoginThrottle(redis, throttlePrefix)
    : memoryLoginThrottle(throttlePrefix);
  const listBounds = cachedListBounds(async () => {
    const c = await countBoundingTables(database.upkeep);
    return {
      locations: c.locations,
      maxVariantsPerProduct: c.max_variants,
      maxMediaPerProduct: c.max_media,
      maxCollectionsPerProduct: c.max_collections,
      categories: c.categories,
      shippingZones: c.shipping_zones,
      shippingRates: c.shipping_rates,
      taxRates: c.tax_rates,
      roles: c.roles,
    };
  }, config.listBoundsMaxAgeMs);
  let jobs: JobEngine;
  try {
    jobs = await startJobEngine(database, config, log, options.importers ?? importersFor(config));
  } catch (error) {
    await rateLimiter.close();
    await loginThrottle.close();
    await redis?.close();
    await database.close();
    lock?.release();
    throw error;
  }
  // Live updates (issue #28 §3): the relay hands committed outbox events to the live hub's
  // consumer, which publishes them on the bus (Redis pub/sub across instances, or in-process);
  // every instance's hub delivers them to its own streams.
  const bus =
    redis && config.redisUrl
      ? redisBus(redis, config.redisUrl, loginThrottlePrefix(config).replace(':login:', ':live:'), log)
      : inProcessBus();
  const db = database.db;
  const live = createLiveHub({
    bus,
    log,
    maxStreams: config.liveMaxStreams,
    beforeRecheck: () => forgetViewers(db),
    instanceId: randomUUID(),
  });
  // Webhooks (issue #30): payloads are read through the schema as each subscription's owner.
  const runOperation: OperationRunner = async (document, variableValues, viewer) =>
    execute({
      schema: buildSchema(),
      document,
      variableValues,
      contextValue: {
        requestId: 'webhook',
        ip: null,
        userAgent: null,
        secure: false,
        viewer,
        services,
        loaders: createLoaders(database.upkeep),
        setCookie: () => {},
      },
    });
  // Background work like the relay's: on `upkeep`, so a request's statement count stays its own;
  // and while requests keep the server busy, webhooks take a small share of the time.
  const budget = backgroundBudget();
  const webhooks = startWebhooks({
    db: database.upkeep,
    run: runOperation,
    clock: options.clock ?? systemClock,
    log,
    post: { allow: config.webhookAllowHosts, allowHttp: config.webhookAllowHttp },
    leaseMs: config.webhookLeaseSeconds * 1000,
    budget,
  });
  const relay = bothRelays(
    startRelay({
      db: database.upkeep,
      shared: database.kind === 'postgres',
      consumers: [live.consumer],
      log,
      pollMs: config.relayPollMs,
    }),
    // Webhooks read on a relay of their own that gathers the events of a moment into one batch:
    // live streams are told at once, webhook receivers at most WEBHOOK_GATHER_MS later.
    startRelay({
      db: database.upkeep,
      shared: database.kind === 'postgres',
      consumers: [webhooks.consumer],
      log,
      pollMs: config.relayPollMs,
      gatherMs: WEBHOOK_GATHER_MS,
    }),
  );
  const services: Services = {
    db: database.db,
    config,
    log,
    redis,
    rateLimiter,
    loginThrottle,
    listBounds,
    live,
    jobs: jobs.queue,
    mail: jobs.mail,
    listExports: LIST_EXPORTERS,
    importers: options.importers ?? importersFor(config),
    webhooks,
  };
  const server = createHttpServer(services);
  const inFlight = trackInFlight(server);
  budget.watch(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
  } catch (error) {
    await live.close();
    await relay.stop();
    await webhooks.sender.stop();
    await jobs.stop();
    await rateLimiter.close();
    await loginThrottle.close();
    await redis?.close();
    await database.close();
    lock?.release();
    throw error;
  }
  const stopBackups = lock
    ? serveBackupRequests(config.dataDir, database, (err) => log.error({ err }, 'backup request failed'))
    : () => {};
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  log.info({ url, database: database.kind }, 'Stockroom is ready');
  return {
    url,
    server,
    services,
    database,
    relay,
    jobs,
    webhooks,
    owner,
    demoStaff,
    close: async () => {
      // Stop accepting, let the requests already running finish (bounded), and only then close the
      // pool: closing it under a running query fails that query with "driver has already been destroyed".
      // Live streams stay open until told: end them first (they say "reconnect"), so they do not
      // hold the drain below.
      await live.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drained = await inFlight.drained(config.shutdownTimeoutMs);
      if (!drained)
        log.warn({ inFlight: inFlight.count() }, 'shutdown: requests still running after the wait; cut off');
      server.closeAllConnections();
      await closed;
      await relay.stop();
      await webhooks.sender.stop();
      // The step under way finishes (bounded) before the database closes under it.
      await jobs.stop();
      await rateLimiter.close();
      await loginThrottle.close();
      await redis?.close();
      stopBackups();
      await database.close();
      lock?.release();
    },
  };
}
