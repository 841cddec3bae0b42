import type { Config } from '../config.js';
import type { DB } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import type { ListBounds } from './cost.js';
import type { RedisLink } from '../lib/redis.js';

/**
 * What lives as long as the process: shared by every request. A module that needs its own adds it
 * here (`declare module`), as staff does with its sign-in throttle.
 */
export interface Services {
  db: DB;
  config: Config;
  log: Logger;
  /** The Redis of REDIS_URL (shared buckets), or null when each instance keeps its own. */
  redis: RedisLink | null;
  rateLimiter: RateLimiter;
  /** How many items each plain list field can hold now, for query cost. */
  listBounds: () => Promise<ListBounds>;
}
