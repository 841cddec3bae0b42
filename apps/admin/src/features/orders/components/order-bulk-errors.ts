import type { UserErrorLike } from '../../../lib/forms/place-user-errors';

/** A refusal of a bulk command, with the order it is about when it names one. */
export interface OrderBulkError {
  /** The order's id and name (#1001) when the error's field is ["ids", i]; null for the whole command. */
  order: { id: string; name: string } | null;
  /** The reason, without the order's name when the server put it in front. */
  message: string;
}

/**
 * Puts each refusal of ordersBulkUpdate / ordersBulkFulfill next to its order: the server points
 * at the order by its place in the ids it was sent (`["ids", i]`), which only the sender can turn
 * back into an order a person recognises.
 */
export function orderBulkErrors(
  errors: readonly UserErrorLike[],
  sent: readonly { id: string; name: string }[],
): OrderBulkError[] {
  return errors.map((error) => {
    const [head, index] = error.field ?? [];
    const order = head === 'ids' && index !== undefined ? (sent[Number(index)] ?? null) : null;
    if (!order) return { order: null, message: error.message };
    const named = `${order.name}: `;
    const message = error.message.startsWith(named) ? error.message.slice(named.length) : error.message;
    return { order: { id: order.id, name: order.name }, message };
  });
}
