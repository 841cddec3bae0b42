import type { DB } from '../db/database.js';
import type { Actor } from '../actor.js';

/**
 * A seeded staff member as the actor of the demo's commands, so the audit log and the orders name
 * who did what (the system when that person is not there).
 */
export async function seedStaffActor(db: DB, email: string): Promise<Actor> {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
  return staff
    ? {
        viewer: {
          staffId: staff.id,
          sessionId: 'seed',
          email: staff.email,
          name: staff.name,
          isOwner: false,
          permissions: new Set(),
        },
        requestId: null,
        ip: null,
        system: true,
      }
    : { viewer: null, requestId: null, ip: null, system: true };
}
