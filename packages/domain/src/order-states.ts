/**
 * Order states of SPEC §4 and the quantity/amount rules of SPEC §5 for fulfilments and refunds:
 * the server refuses with these errors and the admin hides or disables the same actions.
 */
import { DomainError } from './errors.js';
import { formatMinor } from './money.js';

export const ORDER_STATUSES = ['OPEN', 'CLOSED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'PARTIALLY_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'VOIDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FULFILLMENT_STATUSES = ['UNFULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const TRANSACTION_KINDS = ['AUTHORIZATION', 'CAPTURE', 'SALE', 'VOID', 'REFUND'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Whether a payment transaction went through; a failed one moved no money. */
export const TRANSACTION_STATUSES = ['SUCCESS', 'FAILURE'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One shipment's status (GraphQL `FulfillmentStatus`); the order's own is FULFILLMENT_STATUSES. */
export const FULFILLMENT_RECORD_STATUSES = ['SUCCESS', 'CANCELLED'] as const;
export type FulfillmentRecordStatus = (typeof FULFILLMENT_RECORD_STATUSES)[number];

/** Where an order came from. */
export const ORDER_SOURCES = ['API', 'DRAFT', 'IMPORT', 'DEMO'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const DRAFT_ORDER_STATUSES = ['OPEN', 'COMPLETED'] as const;
export type DraftOrderStatus = (typeof DRAFT_ORDER_STATUSES)[number];

/**
 * An entry of an order's timeline: something done to it (audit), a staff comment, or an edit of its
 * lines, prices, shipping or discount (issue #32; also from the audit log).
 */
export const ORDER_TIMELINE_KINDS = ['EVENT', 'COMMENT', 'ORDER_EDITED'] as const;
export type OrderTimelineKind = (typeof ORDER_TIMELINE_KINDS)[number];

/**
 * What a customer's order activity records: an order placed, a refund on one, or a step of a return
 * (issue #31: requested, received, settled, cancelled).
 */
export const CUSTOMER_ACTIVITY_KINDS = [
  'ORDER_PLACED',
  'REFUND',
  'RETURN_REQUESTED',
  'RETURN_RECEIVED',
  'RETURN_SETTLED',
  'RETURN_CANCELLED',
] as const;
export type CustomerActivityKind = (typeof CUSTOMER_ACTIVITY_KINDS)[number];

export const ORDER_ACTIONS = [
  'cancel',
  'close',
  'reopen',
  'fulfill',
  'markPaid',
  'capture',
  'void',
  'refund',
  'edit',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Sums of an order's successful transactions, minor units. */
export interface PaymentSums {
  authorized: number;
  /** CAPTURE + SALE */
  captured: number;
  refunded: number;
  voided: number;
}

/** Folds transactions into PaymentSums; failed ones moved no money and count for nothing. */
export function paymentSums(
  transactions: readonly { kind: TransactionKind; status: TransactionStatus; amount: number }[],
): PaymentSums {
  const sums: PaymentSums = { authorized: 0, captured: 0, refunded: 0, voided: 0 };
  for (const t of transactions) {
    if (t.status !== 'SUCCESS') continue;
    if (t.kind === 'AUTHORIZATION') sums.authorized += t.amount;
    else if (t.kind === 'CAPTURE' || t.kind === 'SALE') sums.captured += t.amount;
    else if (t.kind === 'REFUND') sums.refunded += t.amount;
    else sums.voided += t.amount;
  }
  return sums;
}

/**
 * SPEC §4, first rule that holds:
 * refunded > 0 → REFUNDED when refunded ≥ captured, else PARTIALLY_REFUNDED;
 * captured > 0 → PAID when captured ≥ total, else PARTIALLY_PAID;
 * authorized > voided → AUTHORIZED; voided > 0 → VOIDED;
 * total = 0 → PAID (nothing is owed, so nothing should wait for a payment); else PENDING.
 */
export function paymentStatus(p: PaymentSums & { total: number }): PaymentStatus {
  for (const v of [p.total, p.authorized, p.captured, p.refunded, p.voided]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`Not an amount in minor units: ${v}`);
  }
  if (p.refunded > 0) return p.refunded >= p.captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  if (p.captured > 0) return p.captured >= p.total ? 'PAID' : 'PARTIALLY_PAID';
  if (p.authorized > p.voided) return 'AUTHORIZED';
  if (p.voided > 0) return 'VOIDED';
  return p.total === 0 ? 'PAID' : 'PENDING';
}

/** What can still be refunded: captured money not yet given back (SPEC §4: never more). */
export function refundable(captured: number, refunded: number): number {
  return Math.max(0, captured - refunded);
}

export interface FulfillmentLine {
  quantity: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
}

/**
 * Units of a line still to ship. Counts cannot tell which units a refund took back, so the rule is:
 * a refund takes unshipped units first (refunding before shipping means "don't ship it"), hence a
 * line fully refunded before shipping needs no fulfilment. The server must refund in that order;
 * refunding a returned unit while others of the line are unshipped reduces what is left to ship.
 */
/**
 * Whether some of a line's refunded units had shipped: more units are refunded than were never
 * shipped. A shipment holding such a line can't be cancelled (the refund settled those units; undoing
 * the shipment would reserve them again and count a restocked unit twice).
 */
export function refundedAfterShipping(line: FulfillmentLine): boolean {
  return line.refundedQuantity > line.quantity - line.fulfilledQuantity;
}

export function unfulfilledQuantity(line: FulfillmentLine): number {
  const { quantity, fulfilledQuantity, refundedQuantity } = line;
  for (const v of [quantity, fulfilledQuantity, refundedQuantity]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`Not a quantity: ${v}`);
  }
  if (fulfilledQuantity > quantity || refundedQuantity > quantity) {
    throw new RangeError('A line cannot ship or refund more than its quantity.');
  }
  return Math.max(0, quantity - fulfilledQuantity - refundedQuantity);
}

/**
 * FULFILLED when something shipped and nothing is left to ship; UNFULFILLED when nothing shipped
 * (also when every unit was refunded before shipping: saying "fulfilled" would claim a shipment);
 * PARTIALLY_FULFILLED otherwise.
 */
export function fulfillmentStatus(lines: readonly FulfillmentLine[]): FulfillmentStatus {
  let left = 0;
  let shipped = 0;
  for (const line of lines) {
    left += unfulfilledQuantity(line);
    shipped += line.fulfilledQuantity;
  }
  if (shipped === 0) return 'UNFULFILLED';
  return left === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

export interface OrderForAction {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  /**
   * A cancelled order that was archived (its closedAt is set): archiving is separate from
   * cancelling, as in Shopify, so a cancelled order stays CANCELLED (final) and is archived too.
   */
  archived?: boolean;
}

const invalid = (message: string) => DomainError.one('INVALID_TRANSITION', message);

/**
 * Null when the action is allowed in the order's current state, else the rule that refuses it.
 * Amounts and quantities are checked separately (checkRefundAmount, checkRefundQuantity,
 * checkFulfillQuantity); capture checks only the state, the server compares the amount with what
 * is still authorized.
 */
export function checkOrderAction(order: OrderForAction, action: OrderAction): DomainError | null {
  const { status, paymentStatus: pay, fulfillmentStatus: ship } = order;
  switch (action) {
    case 'cancel':
      if (status === 'CANCELLED') return invalid('This order is already cancelled.');
      if (status === 'CLOSED') return invalid("A closed order can't be cancelled; reopen it first.");
      // Shipped goods cannot be un-shipped by a cancel; the fulfilments go first (SPEC §4).
      if (ship !== 'UNFULFILLED') return invalid("An order with fulfillments can't be cancelled.");
      return null;
    case 'close':
      // Archiving a cancelled order only takes it out of the working lists: it stays cancelled.
      if (status === 'CANCELLED') return order.archived ? invalid('This order is already archived.') : null;
      if (status === 'CLOSED') return invalid('This order is already closed.');
      return null;
    case 'reopen':
      // Unarchiving a cancelled order brings it back to the lists, still cancelled (never OPEN).
      if (status === 'CANCELLED')
        return order.archived ? null : invalid("A cancelled order can't be reopened.");
      if (status === 'OPEN') return invalid('This order is already open.');
      return null;
    case 'fulfill':
      if (status === 'CANCELLED') return invalid("A cancelled order can't be fulfilled.");
      if (status === 'CLOSED') return invalid("A closed order can't be fulfilled; reopen it first.");
      if (ship === 'FULFILLED') return invalid('Every item of this order is already fulfilled.');
      return null;
    case 'markPaid':
      if (status === 'CANCELLED') return invalid("A cancelled order can't be marked as paid.");
      if (pay === 'AUTHORIZED') return invalid('This order has an authorized payment; capture it instead.');
      if (pay === 'PENDING' || pay === 'PARTIALLY_PAID' || pay === 'VOIDED') return null;
      return invalid('This order is already paid.');
    case 'capture':
      if (status === 'CANCELLED') return invalid("A cancelled order's payment can't be captured.");
      // PARTIALLY_PAID: the rest of a partly captured authorization may still be captured.
      if (pay === 'AUTHORIZED' || pay === 'PARTIALLY_PAID') return null;
      return invalid('Only an authorized payment can be captured.');
    case 'void':
      if (status === 'CANCELLED') return invalid('A cancelled order has nothing to void.');
      if (pay === 'AUTHORIZED') return null;
      return invalid('Only an authorization that nothing was captured from can be voided.');
    case 'refund':
      // Allowed in every state: money and items must be returnable even after a cancel or close,
      // and an unpaid order may refund items for 0. The amount and quantity checks do the limiting.
      return null;
    case 'edit':
      // Issue #32: an open order's lines, prices, shipping and discount may change; a cancelled or
      // archived one is final.
      if (status === 'CANCELLED') return invalid("A cancelled order can't be edited.");
      if (status === 'CLOSED') return invalid("A closed order can't be edited; reopen it first.");
      return null;
  }
}

export interface RefundableLine extends FulfillmentLine {
  /** The line's units are counted in stock (a tracked variant, committed at a location). */
  tracksStock: boolean;
}

/**
 * Shipped units of a line not yet refunded: the units a return can put back on hand. Refunds take
 * unshipped units first (unfulfilledQuantity), so these are what is left once those are counted.
 */
export function shippedUnrefunded(line: FulfillmentLine): number {
  return line.quantity - line.refundedQuantity - unfulfilledQuantity(line);
}

/**
 * Issue #26 §1.2: Refund is offered only when it can do something: money was captured and not all
 * of it given back, or shipped units of a stocked line can still be restocked. An unpaid order's
 * unshipped units are not a reason (nothing was paid; edit or cancel the order instead), and a
 * cancelled order's were released by the cancel.
 */
export function refundOffered(
  money: { captured: number; refunded: number },
  lines: readonly RefundableLine[],
): boolean {
  if (refundable(money.captured, money.refunded) > 0) return true;
  return lines.some((l) => l.tracksStock && shippedUnrefunded(l) > 0);
}

/** SPEC §5: a refund's amount is ≤ captured − refunded. */
export function checkRefundAmount(
  amount: number,
  captured: number,
  refunded: number,
  currencyCode: string,
  field: string[] | null = ['amount'],
): DomainError | null {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    return DomainError.one('INVALID', 'Enter an amount of 0 or more in whole minor units.', field);
  }
  const most = refundable(captured, refunded);
  if (amount <= most) return null;
  const what = `${formatMinor(most, currencyCode)} ${currencyCode.toUpperCase()}`;
  return DomainError.one(
    'REFUND_EXCEEDS_CAPTURED',
    `A refund can't be more than was paid and not yet refunded: at most ${what}.`,
    field,
  );
}

/** SPEC §5: a line refunds 1 … quantity − refunded units. */
export function checkRefundQuantity(
  line: { quantity: number; refundedQuantity: number },
  refundQuantity: number,
  field: string[] | null = ['quantity'],
): DomainError | null {
  const most = Math.max(0, line.quantity - line.refundedQuantity);
  return quantityIn(refundQuantity, most, field, 'Every unit of this line is already refunded.', 'Refund');
}

/** SPEC §5: a fulfilment ships 1 … unfulfilled units of a line. */
export function checkFulfillQuantity(
  line: FulfillmentLine,
  fulfillQuantity: number,
  field: string[] | null = ['quantity'],
): DomainError | null {
  const most = unfulfilledQuantity(line);
  return quantityIn(fulfillQuantity, most, field, 'Nothing is left to fulfill on this line.', 'Fulfill');
}

function quantityIn(
  q: number,
  most: number,
  field: string[] | null,
  none: string,
  verb: string,
): DomainError | null {
  if (most === 0) return DomainError.one('OUT_OF_RANGE', none, field);
  if (Number.isInteger(q) && q >= 1 && q <= most) return null;
  return DomainError.one(
    Number.isInteger(q) ? 'OUT_OF_RANGE' : 'INVALID',
    most === 1 ? `${verb} exactly 1 of this item.` : `${verb} a whole number from 1 to ${most} of this item.`,
    field,
  );
}
