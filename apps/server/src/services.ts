import type { Config } from './config.js';
import type { DB } from './db/database.js';
import type { Logger } from './lib/logger.js';
import type { RateLimiter } from './graphql/rate-limit.js';
import type { ListBounds } from './graphql/cost.js';
import type { LoginThrottle } from './modules/staff/login-throttle.js';
import type { RedisLink } from './lib/redis.js';

/** What lives as long as the process: shared by every request. */
export interface Services {
  db: DB;
  config: Config;
  log: Logger;
  /** The Redis of REDIS_URL (shared buckets), or null when each instance keeps its own. */
  redis: RedisLink | null;
  rateLimiter: RateLimiter;
  /** Sign-in failures per account and per IP (SPEC §9). */
  loginThrottle: LoginThrottle;
  /** How many items each plain list field can hold now, for query cost. */
  listBounds: () => Promise<ListBounds>;
}
