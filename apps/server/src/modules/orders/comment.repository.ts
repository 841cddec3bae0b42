import type { Executor } from '../../db/database.js';
import { orderCommentRow, type OrderComment } from './order.model.js';

export type NewOrderComment = Omit<OrderComment, 'createdAt'>;

export async function insertOrderComment(db: Executor, comment: NewOrderComment): Promise<OrderComment> {
  const row = await db
    .insertInto('order_comments')
    .values(orderCommentRow.write(comment))
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderCommentRow.of(row);
}
