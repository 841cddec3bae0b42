import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { draftOrderLineRow, draftOrderRow, type DraftOrder, type DraftOrderLine } from './draft.model.js';
import {
  cappedCount,
  mapPage,
  sortedPage,
  type Count,
  type Page,
  type PageArgs,
  type SortChoice,
} from '../../lib/pagination.js';

export async function findDraft(db: Executor, id: string): Promise<DraftOrder | null> {
  const row = await db.selectFrom('draft_orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? draftOrderRow.of(row) : null;
}

export async function findDraftsByIds(db: Executor, ids: readonly string[]): Promise<DraftOrder[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('draft_orders').selectAll().where('id', 'in', ids).execute()).map(
    draftOrderRow.of,
  );
}

/** The draft, locked until the transaction ends: saves and completions of one draft queue. */
export async function lockDraft(db: Executor, id: string): Promise<DraftOrder | null> {
  const row = await db
    .selectFrom('draft_orders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? draftOrderRow.of(row) : null;
}

type DraftStamped = 'number' | 'createdAt' | 'updatedAt' | 'version';
/** What a draft's save writes; left out: the column's default (insert) or unchanged (update). */
export type DraftValues = Partial<Omit<DraftOrder, 'id' | DraftStamped>>;

export async function insertDraft(db: Executor, id: string, values: DraftValues): Promise<DraftOrder> {
  const row = await db
    .insertInto('draft_orders')
    .values({ ...draftOrderRow.write(values), id })
    .returningAll()
    .executeTakeFirstOrThrow();
  return draftOrderRow.of(row);
}

export async function updateDraft(db: Executor, id: string, changes: DraftValues): Promise<DraftOrder> {
  const row = await db
    .updateTable('draft_orders')
    .set({
      ...draftOrderRow.write(changes),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return draftOrderRow.of(row);
}

export async function deleteDraft(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('draft_orders').where('id', '=', id).execute();
}

export async function linesOfDrafts(db: Executor, draftIds: readonly string[]): Promise<DraftOrderLine[]> {
  if (!draftIds.length) return [];
  const rows = await db
    .selectFrom('draft_order_lines')
    .selectAll()
    .where('draft_order_id', 'in', draftIds)
    .orderBy('draft_order_id')
    .orderBy('position')
    .execute();
  return rows.map(draftOrderLineRow.of);
}

export async function replaceDraftLines(
  db: Executor,
  draftId: string,
  lines: readonly Omit<DraftOrderLine, 'draftOrderId'>[],
): Promise<void> {
  await db.deleteFrom('draft_order_lines').where('draft_order_id', '=', draftId).execute();
  if (lines.length)
    await db
      .insertInto('draft_order_lines')
      .values(lines.map((l) => ({ ...draftOrderLineRow.write(l), draft_order_id: draftId })))
      .execute();
}

// ---- The list (alias: d draft_orders); each sort has its index (migration 008) ----

export const DRAFT_SORTS: Record<
  'UPDATED_AT' | 'CREATED_AT' | 'NUMBER' | 'CUSTOMER_NAME' | 'TOTAL',
  SortChoice
> = {
  UPDATED_AT: { expression: 'd.updated_at', cast: 'timestamptz', descending: true },
  CREATED_AT: { expression: 'd.created_at', cast: 'timestamptz', descending: true },
  NUMBER: { expression: 'd.number', cast: 'bigint', descending: true },
  TOTAL: { expression: 'd.total', cast: 'bigint', descending: true },
  CUSTOMER_NAME: { expression: 'lower(d.customer_name)', cast: 'text', descending: false, nullable: true },
};

export type DraftSortKey = keyof typeof DRAFT_SORTS;

function draftListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('draft_orders as d').selectAll('d');
  return condition ? q.where(condition) : q;
}

export async function pageDrafts(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: DraftSortKey,
  reverse: boolean,
  args: PageArgs,
): Promise<Page<DraftOrder>> {
  return mapPage(
    await sortedPage(draftListQuery(db, condition), DRAFT_SORTS[sortKey], 'd.id', reverse, args),
    draftOrderRow.of,
  );
}

export function countDrafts(db: Executor, condition: RawBuilder<boolean> | null): Promise<Count> {
  return cappedCount(db, draftListQuery(db, condition));
}
