import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { RoleRow, RoleTable } from './staff.tables.js';

export async function lockRole(db: Executor, id: string): Promise<RoleRow | null> {
  return (
    (await db.selectFrom('roles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

export async function findRoleByName(db: Executor, name: string): Promise<RoleRow | null> {
  return (
    (await db
      .selectFrom('roles')
      .selectAll()
      .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
      .executeTakeFirst()) ?? null
  );
}

export function insertRole(db: Executor, row: Insertable<RoleTable>): Promise<RoleRow> {
  return db.insertInto('roles').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateRole(
  db: Executor,
  id: string,
  changes: Pick<RoleRow, 'name' | 'description' | 'permissions'>,
): Promise<RoleRow> {
  return db
    .updateTable('roles')
    .set({ ...changes, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
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
