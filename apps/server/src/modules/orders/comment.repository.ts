import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { OrderCommentRow, OrderCommentTable } from './order.tables.js';

export type NewOrderComment = Omit<Insertable<OrderCommentTable>, 'created_at'>;

export function insertOrderComment(db: Executor, comment: NewOrderComment): Promise<OrderCommentRow> {
  return db.insertInto('order_comments').values(comment).returningAll().executeTakeFirstOrThrow();
}
