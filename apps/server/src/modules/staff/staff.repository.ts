import { sql } from 'kysely';
import { PERMISSIONS, type Permission } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { NewStaff, RoleRow, StaffRow } from './staff.tables.js';

export function findStaffById(db: Executor, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findStaffByIds(db: Executor, ids: readonly string[]): Promise<StaffRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('staff').selectAll().where('id', 'in', ids).execute();
}

export function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
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
  staff: NewStaff,
  roleIds: readonly string[],
): Promise<StaffRow> {
  const row = await db.insertInto('staff').values(staff).returningAll().executeTakeFirstOrThrow();
  if (roleIds.length) {
    await db
      .insertInto('staff_roles')
      .values(roleIds.map((role_id) => ({ staff_id: row.id, role_id })))
      .execute();
  }
  return row;
}

/**
 * Updates a staff row, bumping its version. With `expectedVersion`, updates only when it still
 * matches; returns undefined when it did not (STALE_VERSION for the caller).
 */
export function updateStaff(
  db: Executor,
  id: string,
  changes: Partial<Pick<StaffRow, 'name' | 'password_hash' | 'state'>>,
  expectedVersion?: number | null,
): Promise<StaffRow | undefined> {
  let q = db
    .updateTable('staff')
    .set({ ...changes, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id);
  if (expectedVersion != null) q = q.where('version', '=', expectedVersion);
  return q.returningAll().executeTakeFirst();
}

/** Stamps a sign-in by the database clock (a change to the row like any other: new version). */
export function markSignedIn(db: Executor, id: string): Promise<StaffRow> {
  return db
    .updateTable('staff')
    .set({ last_sign_in_at: sql`now()`, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findOwner(db: Executor): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('is_owner', '=', true).executeTakeFirst();
}

/** Roles of many staff in one query, keyed by staff id (DataLoader batch function). */
export async function rolesByStaffIds(
  db: Executor,
  staffIds: readonly string[],
): Promise<Map<string, RoleRow[]>> {
  const map = new Map<string, RoleRow[]>(staffIds.map((id) => [id, []]));
  if (!staffIds.length) return map;
  const rows = await db
    .selectFrom('staff_roles')
    .innerJoin('roles', 'roles.id', 'staff_roles.role_id')
    .selectAll('roles')
    .select('staff_roles.staff_id')
    .where('staff_roles.staff_id', 'in', staffIds)
    .orderBy('roles.name')
    .execute();
  for (const { staff_id, ...role } of rows) map.get(staff_id)?.push(role);
  return map;
}

/** The owner holds every permission; everyone else the union of their roles'. */
export function effectivePermissions(
  isOwner: boolean,
  roles: readonly Pick<RoleRow, 'permissions'>[],
): Permission[] {
  if (isOwner) return [...PERMISSIONS];
  const held = new Set(roles.flatMap((r) => r.permissions));
  return PERMISSIONS.filter((p) => held.has(p));
}

export function findRoleByKey(db: Executor, key: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('key', '=', key).executeTakeFirst();
}

export function findRolesByIds(db: Executor, ids: readonly string[]): Promise<RoleRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('roles').selectAll().where('id', 'in', ids).execute();
}

/** Creates a built-in role, or brings an existing one (by key) to its current definition. */
export async function upsertBuiltInRole(
  db: Executor,
  role: { id: string; key: string; name: string; description: string; permissions: readonly string[] },
): Promise<void> {
  const definition = { name: role.name, description: role.description, permissions: [...role.permissions] };
  await db
    .insertInto('roles')
    .values({ id: role.id, key: role.key, ...definition, built_in: true })
    .onConflict((oc) => oc.column('key').doUpdateSet({ ...definition, updated_at: sql`now()` }))
    .execute();
}

export function listRoles(db: Executor): Promise<RoleRow[]> {
  return db.selectFrom('roles').selectAll().orderBy('built_in', 'desc').orderBy('name').execute();
}
