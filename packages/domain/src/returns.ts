/**
 * Returns and exchanges (issue #31, SPEC §10): the words every layer shares. The state machine
 * (`checkReturnAction`, `returnAvailableActions`) and the settlement arithmetic live beside these
 * in return-states.ts and return-settlement.ts.
 */

/**
 * REQUESTED (taken, nothing sent) → OPEN (label printed or parcel expected) → PARTIALLY_RECEIVED →
 * RECEIVED → CLOSED; CANCELLED while nothing has been received.
 */
export const RETURN_STATUSES = [
  'REQUESTED',
  'OPEN',
  'PARTIALLY_RECEIVED',
  'RECEIVED',
  'CLOSED',
  'CANCELLED',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: 'Requested',
  OPEN: 'Awaiting receipt',
  PARTIALLY_RECEIVED: 'Partially received',
  RECEIVED: 'Received',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
};

export const RETURN_REASONS = [
  'SIZE_TOO_SMALL',
  'SIZE_TOO_LARGE',
  'UNWANTED',
  'DEFECTIVE',
  'NOT_AS_DESCRIBED',
  'WRONG_ITEM',
  'OTHER',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  SIZE_TOO_SMALL: 'Size too small',
  SIZE_TOO_LARGE: 'Size too large',
  UNWANTED: 'No longer wanted',
  DEFECTIVE: 'Defective or damaged',
  NOT_AS_DESCRIBED: 'Not as described',
  WRONG_ITEM: 'Wrong item sent',
  OTHER: 'Other',
};

/** What happened to a received unit: back on the shelf, kept aside as damaged, or never arrived. */
export const RETURN_DISPOSITIONS = ['RESTOCK', 'DAMAGED', 'MISSING'] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];

export const RETURN_DISPOSITION_LABELS: Record<ReturnDisposition, string> = {
  RESTOCK: 'Restock',
  DAMAGED: 'Damaged',
  MISSING: 'Missing',
};

/** What staff can do to a return; `Return.availableActions` lists those allowed now. */
export const RETURN_ACTIONS = ['open', 'receive', 'settle', 'cancel', 'close'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** SPEC §9-style limits. */
export const RETURN_LIMITS = {
  /** Lines (returned plus exchange) in one return. */
  lines: 250,
  /** Characters in a line's note or a price override reason. */
  note: 500,
  /** Restocking fee, whole percent. */
  restockingFeePercentMax: 100,
} as const;
