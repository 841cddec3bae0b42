import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { StaffLinkTable } from './staff.tables.js';
import { staffLinkRow, staffRoleRow, staffRow, type StaffMember } from './staff.model.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
} from '../../lib/pagination.js';

export async function lockStaff(db: Executor, id: string): Promise<StaffMember | null> {
  const row = await db.selectFrom('staff').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? staffRow.of(row) : null;
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
      .values(roleIds.map((roleId) => staffRoleRow.write({ staffId, roleId })))
      .execute();
}

export type LinkKind = StaffLinkTable['kind'];

/** An invitation or password-reset link, by the hash of its token (the token itself is never kept). */
export async function insertStaffLink(
  db: Executor,
  link: { id: string; staffId: string; kind: LinkKind; tokenHash: Buffer; hours: number; createdBy: string },
): Promise<void> {
  await db
    .insertInto('staff_links')
    .values({
      ...staffLinkRow.write({
        id: link.id,
        staffId: link.staffId,
        kind: link.kind,
        createdBy: link.createdBy,
      }),
      token_hash: link.tokenHash,
      expires_at: sql<Date>`now() + make_interval(hours => ${link.hours})`,
    })
    .execute();
}

/**
 * The link of this token, locked until the transaction ends (two uses of one link queue), and
 * whether it may still be used: unused and unexpired by the database clock.
 */
export async function lockLink(
  db: Executor,
  hash: Buffer,
  kind: LinkKind,
): Promise<{ id: string; staffId: string; usable: boolean } | null> {
  const row = await db
    .selectFrom('staff_links')
    .select(['id', 'staff_id', sql<boolean>`used_at is null and expires_at > now()`.as('usable')])
    .where('token_hash', '=', hash)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: row.id, staffId: row.staff_id, usable: row.usable } : null;
}

export async function useLink(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('staff_links')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Earlier links of the same kind stop working when a new one is made. */
export async function retireLinks(db: Executor, staffId: string, kind: LinkKind): Promise<void> {
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

export async function pageStaff(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  args: PageArgs,
): Promise<Page<StaffMember>> {
  return mapPage(await sortedPage(staffListQuery(db, condition), SORT, 's.id', false, args), staffRow.of);
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
