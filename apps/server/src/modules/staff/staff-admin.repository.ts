import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { StaffLinkTable, StaffRow } from './staff.tables.js';
import { cappedCount, sortedPage, type Count, type Page, type PageArgs } from '../../lib/pagination.js';

export async function lockStaff(db: Executor, id: string): Promise<StaffRow | null> {
  return (
    (await db.selectFrom('staff').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

export async function replaceStaffRoles(
  db: Executor,
  staffId: string,
  roleIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('staff_roles').where('staff_id', '=', staffId).execute();
  if (roleIds.length)
    await db
      .insertInto('staff_roles')
      .values(roleIds.map((role_id) => ({ staff_id: staffId, role_id })))
      .execute();
}

export async function insertStaffLink(db: Executor, link: Insertable<StaffLinkTable>): Promise<void> {
  await db.insertInto('staff_links').values(link).execute();
}

/** The link of this token, locked until the transaction ends: two uses of one link queue. */
export async function lockLink(db: Executor, hash: Buffer, kind: StaffLinkTable['kind']) {
  return (
    (await db
      .selectFrom('staff_links')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

export async function useLink(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('staff_links')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Earlier links of the same kind stop working when a new one is made. */
export async function retireLinks(
  db: Executor,
  staffId: string,
  kind: StaffLinkTable['kind'],
): Promise<void> {
  await db
    .updateTable('staff_links')
    .set({ used_at: sql`now()` })
    .where('staff_id', '=', staffId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

const SORT = { expression: 'lower(s.name)', cast: 'text', descending: false } as const;

function staffListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('staff as s').selectAll('s');
  return condition ? q.where(condition) : q;
}

export function pageStaff(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  args: PageArgs,
): Promise<Page<StaffRow>> {
  return sortedPage(staffListQuery(db, condition), SORT, 's.id', false, args);
}

export function countStaffMatching(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, staffListQuery(db, condition));
}

/** Moves ownership in one statement, so there is never a moment with none or two. */
export async function moveOwnership(db: Executor, fromId: string, toId: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ is_owner: sql<boolean>`(id = ${toId})`, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', 'in', [fromId, toId])
    .execute();
}
