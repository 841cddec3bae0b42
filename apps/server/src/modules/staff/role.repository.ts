import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { roleRow, type Role } from './staff.model.js';

export async function lockRole(db: Executor, id: string): Promise<Role | null> {
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? roleRow.of(row) : null;
}

export async function findRoleByName(db: Executor, name: string): Promise<Role | null> {
  const row = await db
    .selectFrom('roles')
    .selectAll()
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  return row ? roleRow.of(row) : null;
}

export type RoleValues = Pick<Role, 'name' | 'description' | 'permissions'>;

/** A custom role (built-in ones come from upsertBuiltInRole). */
export async function insertRole(db: Executor, id: string, role: RoleValues): Promise<Role> {
  const row = await db
    .insertInto('roles')
    .values(
      roleRow.write({
        id,
        key: null,
        name: role.name,
        description: role.description,
        permissions: role.permissions,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return roleRow.of(row);
}

export async function updateRole(db: Executor, id: string, changes: RoleValues): Promise<Role> {
  const row = await db
    .updateTable('roles')
    .set({
      ...roleRow.write({
        name: changes.name,
        description: changes.description,
        permissions: changes.permissions,
      }),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return roleRow.of(row);
}

export async function deleteRole(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export async function membersOfRole(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('staff_roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
