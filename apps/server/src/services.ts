import type { Config } from './config.js';
import type { DB } from './db/database.js';
import type { Logger } from './lib/logger.js';
import type { RateLimiter } from './graphql/rate-limit.js';

/** What lives as long as the process: shared by every request. */
export interface Services {
  db: DB;
  config: Config;
  log: Logger;
  rateLimiter: RateLimiter;
}
