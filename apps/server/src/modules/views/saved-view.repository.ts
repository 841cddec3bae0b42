import { sql } from 'kysely';
import type { SavedViewResource } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { savedViewOf, type SavedView } from './saved-view.model.js';
import type { SavedViewTable } from './views.tables.js';

/** Views with their owner's name and whether they are `staffId`'s default. */
function selectViews(db: Executor, staffId: string) {
  return db
    .selectFrom('saved_views as v')
    .leftJoin('staff as s', 's.id', 'v.owner_staff_id')
    .leftJoin('saved_view_defaults as d', (j) =>
      j.onRef('d.view_id', '=', 'v.id').on('d.staff_id', '=', staffId),
    )
    .selectAll('v')
    .select([
      sql<string | null>`coalesce(nullif(s.name, ''), s.email)`.as('owner_name'),
      sql<boolean>`d.view_id is not null`.as('is_default'),
    ]);
}

/** The views of a resource `staffId` may see: shared ones first, then their own; by name. */
export async function listVisibleViews(
  db: Executor,
  staffId: string,
  resource: SavedViewResource,
): Promise<SavedView[]> {
  const rows = await selectViews(db, staffId)
    .where('v.resource', '=', resource)
    .where((eb) => eb.or([eb('v.shared', '=', true), eb('v.owner_staff_id', '=', staffId)]))
    .orderBy('v.shared', 'desc')
    .orderBy(sql`lower(v.name)`)
    .orderBy('v.id')
    .limit(200)
    .execute();
  return rows.map(savedViewOf);
}

/** One view `staffId` may see (shared, or theirs), or null; locked with `forUpdate`. */
export async function findVisibleView(
  db: Executor,
  staffId: string,
  id: string,
  forUpdate = false,
): Promise<SavedView | null> {
  if (forUpdate) {
    const locked = await db
      .selectFrom('saved_views')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return null;
  }
  const row = await selectViews(db, staffId)
    .where('v.id', '=', id)
    .where((eb) => eb.or([eb('v.shared', '=', true), eb('v.owner_staff_id', '=', staffId)]))
    .executeTakeFirst();
  return row ? savedViewOf(row) : null;
}

/** How many views of a resource there are: shared ones, or `ownerId`'s private ones. */
export async function countViews(
  db: Executor,
  resource: SavedViewResource,
  scope: { shared: true } | { ownerId: string },
): Promise<number> {
  let q = db
    .selectFrom('saved_views')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('resource', '=', resource);
  q =
    'shared' in scope
      ? q.where('shared', '=', true)
      : q.where('shared', '=', false).where('owner_staff_id', '=', scope.ownerId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The view already using a name (ignoring case) where `name` must be unique, or null. */
export async function findViewNamed(
  db: Executor,
  resource: SavedViewResource,
  name: string,
  scope: { shared: true } | { ownerId: string },
  exceptId: string | null,
): Promise<string | null> {
  let q = db
    .selectFrom('saved_views')
    .select('id')
    .where('resource', '=', resource)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  q =
    'shared' in scope
      ? q.where('shared', '=', true)
      : q.where('shared', '=', false).where('owner_staff_id', '=', scope.ownerId);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const row = await q.executeTakeFirst();
  return row?.id ?? null;
}

export type SavedViewValues = Pick<SavedViewTable, 'name' | 'sort_key' | 'owner_staff_id'> & {
  query: string;
  reverse: boolean;
  columns: string[];
  shared: boolean;
};

export async function insertView(
  db: Executor,
  values: SavedViewValues & { id: string; resource: SavedViewResource },
): Promise<void> {
  await db.insertInto('saved_views').values(values).execute();
}

export async function updateView(
  db: Executor,
  id: string,
  patch: Partial<Omit<SavedViewValues, 'owner_staff_id'>>,
): Promise<void> {
  await db
    .updateTable('saved_views')
    .set({ ...patch, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteView(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('saved_view_defaults').where('view_id', '=', id).execute();
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}

/** A private view no longer visible to others' defaults: those pointing at it go. */
export async function clearOthersDefaults(db: Executor, viewId: string, ownerId: string): Promise<void> {
  await db
    .deleteFrom('saved_view_defaults')
    .where('view_id', '=', viewId)
    .where('staff_id', '<>', ownerId)
    .execute();
}

/** `staffId`'s default view of a resource becomes `viewId` (null: the built-in "All"). */
export async function setDefaultView(
  db: Executor,
  staffId: string,
  resource: SavedViewResource,
  viewId: string | null,
): Promise<void> {
  await db
    .deleteFrom('saved_view_defaults')
    .where('staff_id', '=', staffId)
    .where('resource', '=', resource)
    .execute();
  if (viewId)
    await db
      .insertInto('saved_view_defaults')
      .values({ staff_id: staffId, resource, view_id: viewId })
      .execute();
}
