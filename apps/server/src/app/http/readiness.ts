import { ping } from '../../db/database.js';
import type { Services } from '../../graphql/services.js';

export interface Readiness {
  status: 200 | 503;
  body: { status: 'ready' | 'degraded' | 'database unreachable'; redis?: 'unreachable' };
}

/**
 * GET /readyz. The database is what the store cannot serve without: 503 when it does not answer.
 * Redis holds only shared buckets, and each instance falls back to its own while Redis is down
 * (issue #26 §1.8): still 200, but "degraded", so an operator sees the outage while the load
 * balancer keeps sending traffic.
 */
export async function readiness(services: Pick<Services, 'db' | 'log' | 'redis'>): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    ping(services.db).then(
      () => true,
      (err: unknown) => {
        services.log.warn({ err }, 'database not reachable');
        return false;
      },
    ),
    services.redis ? services.redis.reachable() : Promise.resolve(true),
  ]);
  if (!database) return { status: 503, body: { status: 'database unreachable' } };
  if (!redis) return { status: 200, body: { status: 'degraded', redis: 'unreachable' } };
  return { status: 200, body: { status: 'ready' } };
}
