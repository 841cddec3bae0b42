import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type {
  DraftOrderLineRow,
  DraftOrderLineTable,
  DraftOrderRow,
  DraftOrderTable,
} from './order.tables.js';
import {
  cappedCount,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';

export async function findDraft(db: Executor, id: string): Promise<DraftOrderRow | null> {
  return (await db.selectFrom('draft_orders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export function findDraftsByIds(db: Executor, ids: readonly string[]): Promise<DraftOrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('draft_orders').selectAll().where('id', 'in', ids).execute();
}

/** The draft's row, locked until the transaction ends: saves and completions of one draft queue. */
export async function lockDraft(db: Executor, id: string): Promise<DraftOrderRow | null> {
  return (
    (await db.selectFrom('draft_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ??
    null
  );
}

export function insertDraft(db: Executor, row: Insertable<DraftOrderTable>): Promise<DraftOrderRow> {
  return db.insertInto('draft_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateDraft(
  db: Executor,
  id: string,
  changes: Updateable<DraftOrderTable>,
): Promise<DraftOrderRow> {
  return db
    .updateTable('draft_orders')
    .set({ ...changes, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDraft(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('draft_orders').where('id', '=', id).execute();
}

export function linesOfDrafts(db: Executor, draftIds: readonly string[]): Promise<DraftOrderLineRow[]> {
  if (!draftIds.length) return Promise.resolve([]);
  return db
    .selectFrom('draft_order_lines')
    .selectAll()
    .where('draft_order_id', 'in', draftIds)
    .orderBy('draft_order_id')
    .orderBy('position')
    .execute();
}

export async function replaceDraftLines(
  db: Executor,
  draftId: string,
  lines: readonly Insertable<DraftOrderLineTable>[],
): Promise<void> {
  await db.deleteFrom('draft_order_lines').where('draft_order_id', '=', draftId).execute();
  if (lines.length) await db.insertInto('draft_order_lines').values(lines).execute();
}

// ---- The list (alias: d draft_orders); each sort has its index (migration 008) ----

const SORTS: Record<'UPDATED_AT' | 'CREATED_AT' | 'NUMBER' | 'CUSTOMER_NAME' | 'TOTAL', SortChoice> = {
  UPDATED_AT: { expression: 'd.updated_at', cast: 'timestamptz', descending: true },
  CREATED_AT: { expression: 'd.created_at', cast: 'timestamptz', descending: true },
  NUMBER: { expression: 'd.number', cast: 'bigint', descending: true },
  TOTAL: { expression: 'd.total', cast: 'bigint', descending: true },
  CUSTOMER_NAME: { expression: 'lower(d.customer_name)', cast: 'text', descending: false, nullable: true },
};

export type DraftSortKey = keyof typeof SORTS;
export const DRAFT_SORT_KEYS = Object.keys(SORTS) as DraftSortKey[];

function draftListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('draft_orders as d').selectAll('d');
  return condition ? q.where(condition) : q;
}

export function pageDrafts(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: DraftSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<DraftOrderRow>> {
  return sortedPage(draftListQuery(db, condition), SORTS[sortKey], 'd.id', reverse, args);
}

export function countDrafts(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, draftListQuery(db, condition));
}
