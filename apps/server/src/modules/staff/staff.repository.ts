import { sql } from 'kysely';
import { PERMISSIONS, type Permission } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { roleRow, staffRoleRow, staffRow, type Role, type StaffMember } from './staff.model.js';

export async function findStaffById(db: Executor, id: string): Promise<StaffMember | undefined> {
  const row = await db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  return row && staffRow.of(row);
}

export async function findStaffByIds(db: Executor, ids: readonly string[]): Promise<StaffMember[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('staff').selectAll().where('id', 'in', ids).execute()).map(staffRow.of);
}

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row && staffRow.of(row);
}

export async function countStaff(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(
  db: Executor,
  staff: Pick<StaffMember, 'id' | 'email' | 'name' | 'passwordHash' | 'state'> & { isOwner?: boolean },
  roleIds: readonly string[],
): Promise<StaffMember> {
  const row = await db
    .insertInto('staff')
    .values(staffRow.write({ ...staff, isOwner: staff.isOwner ?? false }))
    .returningAll()
    .executeTakeFirstOrThrow();
  if (roleIds.length) {
    await db
      .insertInto('staff_roles')
      .values(roleIds.map((roleId) => staffRoleRow.write({ staffId: row.id, roleId })))
      .execute();
  }
  return staffRow.of(row);
}

/**
 * Updates a staff row, bumping its version. With `expectedVersion`, updates only when it still
 * matches; returns undefined when it did not (STALE_VERSION for the caller).
 */
export async function updateStaff(
  db: Executor,
  id: string,
  changes: Partial<Pick<StaffMember, 'name' | 'passwordHash' | 'state'>>,
  expectedVersion?: number | null,
): Promise<StaffMember | undefined> {
  let q = db
    .updateTable('staff')
    .set({ ...staffRow.write(changes), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id);
  if (expectedVersion != null) q = q.where('version', '=', expectedVersion);
  const row = await q.returningAll().executeTakeFirst();
  return row && staffRow.of(row);
}

/** Stamps a sign-in by the database clock (a change to the row like any other: new version). */
export async function markSignedIn(db: Executor, id: string): Promise<StaffMember> {
  const row = await db
    .updateTable('staff')
    .set({ last_sign_in_at: sql`now()`, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return staffRow.of(row);
}

export async function findOwner(db: Executor): Promise<StaffMember | undefined> {
  const row = await db.selectFrom('staff').selectAll().where('is_owner', '=', true).executeTakeFirst();
  return row && staffRow.of(row);
}

/** Roles of many staff in one query, keyed by staff id (DataLoader batch function). */
export async function rolesByStaffIds(
  db: Executor,
  staffIds: readonly string[],
): Promise<Map<string, Role[]>> {
  const map = new Map<string, Role[]>(staffIds.map((id) => [id, []]));
  if (!staffIds.length) return map;
  const rows = await db
    .selectFrom('staff_roles')
    .innerJoin('roles', 'roles.id', 'staff_roles.role_id')
    .selectAll('roles')
    .select('staff_roles.staff_id')
    .where('staff_roles.staff_id', 'in', staffIds)
    .orderBy('roles.name')
    .execute();
  for (const { staff_id, ...role } of rows) map.get(staff_id)?.push(roleRow.of(role));
  return map;
}

/** The owner holds every permission; everyone else the union of their roles'. */
export function effectivePermissions(
  isOwner: boolean,
  roles: readonly Pick<Role, 'permissions'>[],
): Permission[] {
  if (isOwner) return [...PERMISSIONS];
  const held = new Set(roles.flatMap((r) => r.permissions));
  return PERMISSIONS.filter((p) => held.has(p));
}

export async function findRoleByKey(db: Executor, key: string): Promise<Role | undefined> {
  const row = await db.selectFrom('roles').selectAll().where('key', '=', key).executeTakeFirst();
  return row && roleRow.of(row);
}

export async function findRolesByIds(db: Executor, ids: readonly string[]): Promise<Role[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('roles').selectAll().where('id', 'in', ids).execute()).map(roleRow.of);
}

/** Creates a built-in role, or brings an existing one (by key) to its current definition. */
export async function upsertBuiltInRole(
  db: Executor,
  role: { id: string; key: string; name: string; description: string; permissions: readonly string[] },
): Promise<void> {
  const definition = { name: role.name, description: role.description, permissions: [...role.permissions] };
  await db
    .insertInto('roles')
    .values(roleRow.write({ id: role.id, key: role.key, ...definition, builtIn: true }))
    .onConflict((oc) => oc.column('key').doUpdateSet({ ...definition, updated_at: sql`now()` }))
    .execute();
}

export async function listRoles(db: Executor): Promise<Role[]> {
  return (await db.selectFrom('roles').selectAll().orderBy('built_in', 'desc').orderBy('name').execute()).map(
    roleRow.of,
  );
}
