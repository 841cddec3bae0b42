import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import { migrate, openDatabase, type DatabaseHandle } from './db/database.js';
import { createLogger, type Logger } from './lib/logger.js';
import { bootstrap, ensureOwner, type OwnerCredentials } from './bootstrap.js';
import { seed, type SeededStaff } from './seed/seed.js';
import { memoryRateLimiter, redisRateLimiter, unlimitedRateLimiter } from './graphql/rate-limit.js';
import { createHttpServer } from './http/server.js';
import type { Services } from './services.js';

export interface RunningApp {
  url: string;
  server: http.Server;
  services: Services;
  database: DatabaseHandle;
  /** Set on the first start only: the owner's sign-in, to print once. */
  owner: OwnerCredentials | null;
  /** Set when the demo store was loaded by this start. */
  demoStaff: SeededStaff[] | null;
  close: () => Promise<void>;
}

/** Opens the database, migrates, prepares first-start data, and listens. */
export async function startApp(config: Config, log: Logger = createLogger(config.logLevel)): Promise<RunningApp> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'an idle database connection failed; it will be replaced'),
  });
  let owner: OwnerCredentials | null;
  let demoStaff: SeededStaff[] | null;
  try {
    const applied = await migrate(database.db);
    if (applied.length) log.info({ migrations: applied }, 'migrations applied');
    await bootstrap(database.db, 'My store');
    owner = await ensureOwner(database.db, { email: config.ownerEmail, password: config.ownerPassword });
    // A store that just got its owner is new: load the demo store unless told not to.
    demoStaff = owner && config.demo ? (await seed(database.db, config, 'small', log)).staff : null;
  } catch (error) {
    await database.close();
    throw error;
  }

  const rateLimiter = !config.rateLimit
    ? unlimitedRateLimiter()
    : config.redisUrl
      ? redisRateLimiter(config.redisUrl)
      : memoryRateLimiter();
  const services: Services = { db: database.db, config, log, rateLimiter };
  const server = createHttpServer(services);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  log.info({ url, database: database.kind }, 'Stockroom is ready');
  return {
    url,
    server,
    services,
    database,
    owner,
    demoStaff,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rateLimiter.close();
      await database.close();
    },
  };
}
