import type { Permission } from '@stockroom/domain';
import type { Actor, Viewer } from '../../src/actor.js';
import type { Tx } from '../../src/db/database.js';
import type { TestServer } from '../../src/testing.js';
import { inTransaction } from '../../src/lib/unit-of-work.js';

/**
 * Runs a service as a staff manager who holds only `permissions`, in its own transaction, and
 * answers what it threw. No built-in role holds STAFF_MANAGE without everything else, so this is
 * how escalation is tried: the service is what decides, the API only passes the viewer on.
 */
export function asLimitedManager(
  server: TestServer,
  permissions: Permission[],
  work: (trx: Tx, actor: Actor & { viewer: Viewer }) => Promise<unknown>,
): Promise<unknown> {
  const actor = {
    viewer: {
      staffId: '00000000-0000-7000-8000-000000000000',
      sessionId: 's',
      email: 'manager@example.com',
      name: 'Manager',
      isOwner: false,
      permissions: new Set<Permission>(['STAFF_MANAGE', ...permissions]),
    },
    requestId: null,
    ip: null,
  };
  return inTransaction(server.app.database.db, (trx) => work(trx, actor)).catch((e: unknown) => e);
}
