import type { ReturnReason, ReturnStatus, TransactionKind, TransactionStatus } from '@stockroom/domain';
import { uuidv7 } from '../lib/uuid.js';
import type { Random } from './random.js';

/** A shipped, paid order the demo's returns may come from, as read from the store. */
export interface CandidateOrder {
  id: string;
  number: number;
  customer_id: string | null;
  total: string | number;
  prices_include_tax: boolean;
  shipped_at: Date | string;
  payment_id: string | null;
}
export interface CandidateLine {
  id: string;
  order_id: string;
  quantity: number;
  fulfilled_quantity: number;
  refunded_quantity: number;
  unit_price: string | number;
  discount: string | number;
  tax: string | number;
  variant_id: string | null;
  location_id: string | null;
  sku: string | null;
  product_title: string;
}
export interface Txn {
  order_id: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: number;
}

/** Who did a step: a demo staff member, or the system when the store has no such person. */
export interface Person {
  id: string | null;
  name: string;
}

/** The rows the demo's returns add, by table, and the changes they make to rows already there. */
export interface ReturnsPlan {
  returnRows: Record<string, unknown>[];
  lineRows: Record<string, unknown>[];
  receiptRows: Record<string, unknown>[];
  movementRows: Record<string, unknown>[];
  auditRows: Record<string, unknown>[];
  transactionRows: Record<string, unknown>[];
  refundRows: Record<string, unknown>[];
  /** Order line → units credited by settlements. */
  credited: Map<string, number>;
  /** "variant:location" → units back on hand and kept aside as damaged. */
  levelDeltas: Map<string, { variant_id: string; location_id: string; on_hand: number; damaged: number }>;
  /** Each refund's order figures after it, in the order they happened. */
  orderChanges: { id: string; total_refunded: number; payment_status: string; at: string }[];
  /** Customer → spend given back. */
  spendTaken: Map<string, number>;
}

/** One line of a return being planned, with what has happened to its units so far. */
export interface PlannedLine {
  id: string;
  line: CandidateLine;
  position: number;
  quantity: number;
  reason: ReturnReason;
  note: string | null;
  restocked: number;
  damaged: number;
  missing: number;
  creditedQuantity: number;
  credit: number;
}

/** A return as its steps are planned: the time of the last one, its version and status so far. */
export interface ReturnDraft {
  id: string;
  name: string;
  order: CandidateOrder;
  lines: PlannedLine[];
  /** Units on the return. */
  quantity: number;
  returnShippingFee: number;
  restockingFeePercent: number;
  t: number;
  version: number;
  status: ReturnStatus;
  received: number;
  openedAt: number | null;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/** The plan being filled, and the two things every step does: write its audit entry, pick its time. */
export interface Planner {
  plan: ReturnsPlan;
  random: Random;
  audit: (
    at: number,
    who: Person,
    action: string,
    orderId: string,
    changes: Record<string, { before: unknown; after: unknown }>,
  ) => void;
  /** The next step's time: a while after `t`, never later than halfway to now. */
  after: (t: number, minHours: number, maxHours: number) => number;
}

export function newPlanner(random: Random, now: number): Planner {
  const plan: ReturnsPlan = {
    returnRows: [],
    lineRows: [],
    receiptRows: [],
    movementRows: [],
    auditRows: [],
    transactionRows: [],
    refundRows: [],
    credited: new Map(),
    levelDeltas: new Map(),
    orderChanges: [],
    spendTaken: new Map(),
  };
  return {
    plan,
    random,
    audit: (at, who, action, orderId, changes) =>
      plan.auditRows.push({
        id: uuidv7(at),
        actor_type: who.id ? 'staff' : 'system',
        actor_id: who.id,
        actor_name: who.id ? who.name : null,
        action,
        subject_type: 'Order',
        subject_id: orderId,
        changes,
        created_at: iso(at),
      }),
    after: (t, minHours, maxHours) =>
      t + Math.min((now - t) / 2, random.int(minHours * 60, maxHours * 60) * 60_000),
  };
}
