import type { ReturnDisposition, ReturnReason, ReturnStatus } from '@stockroom/domain';
import type { Generated, Selectable } from 'kysely';
import { column, type TableOf, type Timestamp } from '../../db/columns.js';

/*
 * Returns' tables (migration 290), declared once as values: the Kysely interfaces and the mappers
 * (return.model.ts) are derived from these.
 */

export const returnColumns = {
  id: column<string>(),
  order_id: column<string>(),
  /** 1, 2 … within the order: return #1021-R2. */
  number: column<number>(),
  status: column<Generated<ReturnStatus>>(),
  /** Units asked back, every line. */
  quantity: column<number>(),
  /** Units whose fate is recorded (restocked, damaged or missing). */
  received_quantity: column<Generated<number>>(),
  return_shipping_fee: column<Generated<number>>(),
  restocking_fee_percent: column<Generated<number>>(),
  note: column<string | null>(),
  /** When the money side was done; null before. */
  settled_at: column<Timestamp | null>(),
  /** What the returned units were worth, the fees taken and the original shipping given back. */
  credit: column<number | null>(),
  fees: column<number | null>(),
  shipping_refunded: column<number | null>(),
  /** The refund that paid the settlement; null when no money went back. */
  refund_id: column<string | null>(),
  staff_id: column<string | null>(),
  staff_name: column<string | null>(),
  created_at: column<Timestamp>(),
  updated_at: column<Timestamp>(),
  opened_at: column<Timestamp | null>(),
  closed_at: column<Timestamp | null>(),
  cancelled_at: column<Timestamp | null>(),
  version: column<Generated<number>>(),
  /** Σ totals of the items the exchange added to the order (migration 300). */
  exchange_total: column<Generated<number>>(),
  /** Credit of this return applied to those items (also counted in orders.exchange_credit). */
  exchange_credit: column<Generated<number>>(),
};
export type ReturnTable = TableOf<typeof returnColumns>;

export const returnLineColumns = {
  id: column<string>(),
  return_id: column<string>(),
  order_line_id: column<string>(),
  position: column<number>(),
  quantity: column<number>(),
  reason: column<ReturnReason>(),
  note: column<string | null>(),
  restocked_quantity: column<Generated<number>>(),
  damaged_quantity: column<Generated<number>>(),
  missing_quantity: column<Generated<number>>(),
  /** Units the settlement credited with money (not refunded or credited before). */
  credited_quantity: column<Generated<number>>(),
  credit: column<Generated<number>>(),
};
export type ReturnLineTable = TableOf<typeof returnLineColumns>;

export const returnReceiptColumns = {
  id: column<string>(),
  return_id: column<string>(),
  return_line_id: column<string>(),
  quantity: column<number>(),
  disposition: column<ReturnDisposition>(),
  location_id: column<string | null>(),
  staff_id: column<string | null>(),
  staff_name: column<string | null>(),
  created_at: column<Timestamp>(),
};
export type ReturnReceiptTable = TableOf<typeof returnReceiptColumns>;

/** This module's tables, as Kysely sees them. */
export interface ReturnTables {
  returns: ReturnTable;
  return_lines: ReturnLineTable;
  return_receipts: ReturnReceiptTable;
}

export type ReturnRow = Selectable<ReturnTable>;
