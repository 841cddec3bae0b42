import {
  DomainError,
  MAX_SAVED_VIEW_COLUMNS,
  MAX_SAVED_VIEW_NAME_LENGTH,
  MAX_SAVED_VIEW_QUERY_LENGTH,
  MAX_SAVED_VIEWS_PER_RESOURCE,
  SAVED_VIEW_COLUMNS,
  SAVED_VIEW_SORT_KEYS,
  type SavedViewResource,
  type UserError,
} from '@stockroom/domain';
import { sql } from 'kysely';
import type { Actor, Viewer } from '../../actor.js';
import type { Executor, Tx } from '../../db/database.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SavedView } from './saved-view.model.js';
import * as repo from './saved-view.repository.js';
import { savedViewSearchProblem } from './saved-view-search.js';

export interface SavedViewInputRaw {
  name?: string | null;
  query?: string | null;
  sortKey?: string | null;
  reverse?: boolean | null;
  columns?: readonly string[] | null;
  shared?: boolean | null;
}

type Checked = Omit<repo.SavedViewValues, 'owner_staff_id'>;

/** The input's problems, all at once; answers the clean values (the current ones where not given). */
function checkInput(resource: SavedViewResource, raw: SavedViewInputRaw, current: SavedView | null): Checked {
  const errors: UserError[] = [];
  const name = (raw.name ?? current?.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name) errors.push({ code: 'REQUIRED', message: 'Give the view a name.', field: ['input', 'name'] });
  else if (name.length > MAX_SAVED_VIEW_NAME_LENGTH)
    errors.push({
      code: 'TOO_LONG',
      message: `Use a name of at most ${MAX_SAVED_VIEW_NAME_LENGTH} characters.`,
      field: ['input', 'name'],
    });
  const query = (raw.query ?? current?.query ?? '').trim();
  if (query.length > MAX_SAVED_VIEW_QUERY_LENGTH)
    errors.push({
      code: 'TOO_LONG',
      message: `Use a search of at most ${MAX_SAVED_VIEW_QUERY_LENGTH.toLocaleString('en-US')} characters.`,
      field: ['input', 'query'],
    });
  else {
    const problem = savedViewSearchProblem(resource, query);
    if (problem) errors.push({ code: 'INVALID', message: problem, field: ['input', 'query'] });
  }
  const sortText = raw.sortKey === undefined ? (current?.sortKey ?? null) : raw.sortKey;
  const sortKey = sortText?.trim().toUpperCase() || null;
  const sortKeys = SAVED_VIEW_SORT_KEYS[resource];
  if (sortKey && !sortKeys.includes(sortKey))
    errors.push({
      code: 'INVALID',
      message: `This list cannot be sorted by "${sortKey.slice(0, 60)}". Sort by one of: ${sortKeys.join(', ')}.`,
      field: ['input', 'sortKey'],
    });
  const columns = [...new Set((raw.columns ?? current?.columns ?? []).map((c) => c.trim()))].filter(Boolean);
  const known = SAVED_VIEW_COLUMNS[resource].map((c) => c.key);
  const unknown = columns.filter((c) => !known.includes(c));
  if (columns.length > MAX_SAVED_VIEW_COLUMNS)
    errors.push({
      code: 'TOO_LONG',
      message: `Choose at most ${MAX_SAVED_VIEW_COLUMNS} columns.`,
      field: ['input', 'columns'],
    });
  else if (unknown.length)
    errors.push({
      code: 'INVALID',
      message: known.length
        ? `${unknown.map((c) => `"${c.slice(0, 40)}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a column of this list. Its columns: ${known.join(', ')}.`
        : 'This list has no columns to choose.',
      field: ['input', 'columns'],
    });
  if (errors.length) throw new DomainError(errors);
  return {
    name,
    query,
    sort_key: sortKey,
    reverse: raw.reverse ?? current?.reverse ?? false,
    columns,
    shared: raw.shared ?? current?.shared ?? false,
  };
}

/** Names are unique per list: among the shared views, or among one's own private ones. */
async function checkNameFree(
  trx: Tx,
  resource: SavedViewResource,
  values: Checked,
  ownerId: string,
  id: string | null,
) {
  const scope = values.shared ? ({ shared: true } as const) : { ownerId };
  const other = await repo.findViewNamed(trx, resource, values.name, scope, id);
  if (other)
    throw DomainError.one(
      'TAKEN',
      values.shared
        ? `A shared view of this list is already called “${values.name}”. Choose another name.`
        : `You already have a view of this list called “${values.name}”. Choose another name.`,
      ['input', 'name'],
    );
}

/** At most 50 views per list: shared ones, and each person's private ones. */
async function checkRoom(trx: Tx, resource: SavedViewResource, shared: boolean, ownerId: string) {
  // One count at a time, so two saves racing for the 50th place give one success.
  await sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${resource}`}))`.execute(trx);
  const count = await repo.countViews(trx, resource, shared ? { shared: true } : { ownerId });
  if (count >= MAX_SAVED_VIEWS_PER_RESOURCE)
    throw DomainError.one(
      'LIMIT_EXCEEDED',
      shared
        ? `A list can have at most ${MAX_SAVED_VIEWS_PER_RESOURCE} shared views; delete one no longer used first.`
        : `You can keep at most ${MAX_SAVED_VIEWS_PER_RESOURCE} views of a list; delete one you no longer use first.`,
      null,
    );
}

function auditValues(v: Checked) {
  return {
    name: v.name,
    query: v.query,
    sort_key: v.sort_key,
    reverse: v.reverse,
    columns: v.columns,
    shared: v.shared,
  } as Record<string, unknown>;
}

/** savedViewCreate: a view owned by the viewer, private unless shared (the schema checks VIEWS_MANAGE). */
export async function savedViewCreate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  resource: SavedViewResource,
  raw: SavedViewInputRaw,
): Promise<SavedView> {
  const values = checkInput(resource, raw, null);
  const ownerId = actor.viewer.staffId;
  await checkRoom(trx, resource, values.shared, ownerId);
  await checkNameFree(trx, resource, values, ownerId, null);
  const id = uuidv7();
  await repo.insertView(trx, { id, resource, owner_staff_id: ownerId, ...values });
  const after = auditValues(values);
  await recordAudit(trx, actor, {
    action: 'savedView.create',
    subjectType: 'SavedView',
    subjectId: id,
    changes: Object.fromEntries(Object.entries(after).map(([k, v]) => [k, { before: null, after: v }])),
  });
  return (await repo.findVisibleView(trx, ownerId, id))!;
}

/** savedViewUpdate: name, search, sort, columns, sharing; `expectedVersion` guards a stale edit. */
export async function savedViewUpdate(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  before: SavedView,
  raw: SavedViewInputRaw & { expectedVersion?: number | null },
): Promise<SavedView> {
  const staffId = actor.viewer.staffId;
  const locked = await repo.findVisibleView(trx, staffId, before.id, true);
  if (!locked) throw DomainError.one('INVALID', 'This view was deleted.', ['id']);
  if (raw.expectedVersion != null && raw.expectedVersion !== locked.version)
    throw DomainError.one('STALE_VERSION', 'Someone else changed this view since you opened it.', [
      'input',
      'expectedVersion',
    ]);
  const values = checkInput(locked.resource, raw, locked);
  // A view shared or made private moves between the two sets of names (and of 50).
  const ownerId = locked.ownerStaffId ?? staffId;
  if (values.shared !== locked.shared) await checkRoom(trx, locked.resource, values.shared, ownerId);
  await checkNameFree(trx, locked.resource, values, ownerId, locked.id);
  const old: Checked = {
    name: locked.name,
    query: locked.query,
    sort_key: locked.sortKey,
    reverse: locked.reverse,
    columns: locked.columns,
    shared: locked.shared,
  };
  const was = auditValues(old);
  const now = auditValues(values);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(now))
    if (JSON.stringify(was[key]) !== JSON.stringify(now[key]))
      changes[key] = { before: was[key], after: now[key] };
  if (!Object.keys(changes).length) return locked;
  await repo.updateView(trx, locked.id, values);
  // Made private: it is its owner's alone, so others' defaults let go of it.
  if (locked.shared && !values.shared) await repo.clearOthersDefaults(trx, locked.id, ownerId);
  await recordAudit(trx, actor, {
    action: 'savedView.update',
    subjectType: 'SavedView',
    subjectId: locked.id,
    changes,
  });
  return (await repo.findVisibleView(trx, staffId, locked.id))!;
}

/** savedViewDelete: the view goes, and every default pointing at it. */
export async function savedViewDelete(
  trx: Tx,
  actor: Actor & { viewer: Viewer },
  before: SavedView,
): Promise<void> {
  const locked = await repo.findVisibleView(trx, actor.viewer.staffId, before.id, true);
  if (!locked) throw DomainError.one('INVALID', 'This view was already deleted.', ['id']);
  await repo.deleteView(trx, locked.id);
  await recordAudit(trx, actor, {
    action: 'savedView.delete',
    subjectType: 'SavedView',
    subjectId: locked.id,
    changes: Object.fromEntries(
      Object.entries(auditValues({ ...locked, sort_key: locked.sortKey })).map(([k, v]) => [
        k,
        { before: v, after: null },
      ]),
    ),
  });
}

/** savedViewSetDefault: the viewer's list opens on this view (null: the built-in "All"). */
export async function savedViewSetDefault(
  trx: Tx,
  viewer: Viewer,
  resource: SavedViewResource,
  view: SavedView | null,
): Promise<void> {
  if (view && view.resource !== resource)
    throw DomainError.one('INVALID', 'This view belongs to another list.', ['id']);
  await repo.setDefaultView(trx, viewer.staffId, resource, view?.id ?? null);
}

export function visibleSavedViews(db: Executor, viewer: Viewer, resource: SavedViewResource) {
  return repo.listVisibleViews(db, viewer.staffId, resource);
}

export function visibleSavedView(db: Executor, viewer: Viewer, id: string) {
  return repo.findVisibleView(db, viewer.staffId, id);
}
