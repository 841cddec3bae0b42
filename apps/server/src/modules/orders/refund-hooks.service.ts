import type { RefundLineShare } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order, OrderLine, Refund } from './order.model.js';

/** A refund just written, as its hooks see it: what it gave back, line by line. */
export interface RefundRecorded {
  /** The order as it was before the refund (locked by the caller). */
  order: Order;
  refund: Refund;
  lines: { line: OrderLine; quantity: number; share: RefundLineShare }[];
  /** Shipping refunded, and the part of it that is tax. */
  shipping: number;
  shippingTax: number;
}

export type RefundHook = (trx: Tx, actor: Actor, refund: RefundRecorded) => Promise<void>;

const hooks: RefundHook[] = [];

/**
 * Work that must happen in the refund's own transaction, registered by a module that sits above
 * orders (documents: the credit note of an invoiced order). Orders cannot import those modules
 * (they import orders, and modules never import each other both ways), so they subscribe here
 * when loaded, as Vendure's in-transaction event subscribers do. Unlike the outbox, which tells
 * the world after the commit, a hook that fails rolls the refund back: a refund of an invoiced
 * order never exists without its credit note.
 */
export function onRefundRecorded(hook: RefundHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/** Called by refundLocked once the refund and its lines are written. */
export async function refundRecorded(trx: Tx, actor: Actor, refund: RefundRecorded): Promise<void> {
  for (const hook of hooks) await hook(trx, actor, refund);
}
