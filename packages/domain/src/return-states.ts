/**
 * The return's state machine (issue #31, SPEC §10): which action is allowed in which state, and the
 * state a receipt leaves. The server refuses with these errors; the admin shows only the actions
 * `returnAvailableActions` lists.
 */
import { DomainError } from './errors.js';
import { RETURN_ACTIONS, type ReturnAction, type ReturnStatus } from './returns.js';

/** What the rules need to know of a return. */
export interface ReturnFacts {
  status: ReturnStatus;
  /** Units asked back, every line. */
  quantity: number;
  /** Units whose fate is recorded: restocked, damaged or missing. */
  received: number;
  /** Whether the money side is done (a refund, an amount owed, or nothing to give back). */
  settled: boolean;
}

const invalid = (message: string) => DomainError.one('INVALID_TRANSITION', message);

/** Why `action` is refused now, or null when it is allowed. */
export function checkReturnAction(r: ReturnFacts, action: ReturnAction): DomainError | null {
  const done = r.status === 'CLOSED' || r.status === 'CANCELLED';
  if (done) {
    return invalid(
      r.status === 'CLOSED'
        ? 'This return is closed; nothing more can be done to it.'
        : 'This return was cancelled.',
    );
  }
  switch (action) {
    case 'open':
      return r.status === 'REQUESTED' ? null : invalid('This return is already awaiting its parcel.');
    case 'receive':
      return r.received < r.quantity ? null : invalid('Every unit of this return has been received.');
    case 'settle':
      return r.settled ? invalid('This return is already settled.') : null;
    case 'cancel':
      if (r.received > 0)
        return invalid("Units of this return have been received, so it can't be cancelled.");
      if (r.settled) return invalid("This return is settled, so it can't be cancelled.");
      return null;
    case 'close':
      if (r.received === 0)
        return invalid('Nothing of this return has been received yet; receive it or cancel it.');
      if (!r.settled) return invalid('Settle this return before closing it.');
      return null;
  }
}

/** The actions allowed now, in RETURN_ACTIONS order. */
export function returnAvailableActions(r: ReturnFacts): ReturnAction[] {
  return RETURN_ACTIONS.filter((a) => checkReturnAction(r, a) === null);
}

/** The state after units were received: every unit accounted for or not yet. */
export function statusAfterReceipt(quantity: number, received: number): ReturnStatus {
  return received >= quantity ? 'RECEIVED' : 'PARTIALLY_RECEIVED';
}

/**
 * Units of an order line that can still be returned: shipped units less those on returns that are
 * not cancelled (a closed return keeps only the units it received). Unshipped units are cancelled
 * or refunded, never returned.
 */
export function returnableQuantity(fulfilled: number, onReturns: number): number {
  return Math.max(0, fulfilled - onReturns);
}
