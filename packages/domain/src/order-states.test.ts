import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFulfillQuantity,
  checkOrderAction,
  checkRefundAmount,
  checkRefundQuantity,
  fulfillmentStatus,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  FULFILLMENT_STATUSES,
  paymentStatus,
  paymentSums,
  refundable,
  refundedAfterShipping,
  unfulfilledQuantity,
  type FulfillmentLine,
  type OrderForAction,
  type PaymentStatus,
  TRANSACTION_KINDS,
  type TransactionKind,
  type TransactionStatus,
} from './order-states.js';

const sums = { authorized: 0, captured: 0, refunded: 0, voided: 0 };

describe('payment status', () => {
  it('follows SPEC §4 examples', () => {
    expect(paymentStatus({ ...sums, total: 1000 })).toBe('PENDING');
    expect(paymentStatus({ ...sums, total: 1000, authorized: 1000 })).toBe('AUTHORIZED');
    expect(paymentStatus({ ...sums, total: 1000, authorized: 1000, voided: 1000 })).toBe('VOIDED');
    expect(paymentStatus({ ...sums, total: 1000, authorized: 1000, captured: 400 })).toBe('PARTIALLY_PAID');
    expect(paymentStatus({ ...sums, total: 1000, captured: 1000 })).toBe('PAID');
    expect(paymentStatus({ ...sums, total: 1000, captured: 1000, refunded: 1 })).toBe('PARTIALLY_REFUNDED');
    expect(paymentStatus({ ...sums, total: 1000, captured: 1000, refunded: 1000 })).toBe('REFUNDED');
    expect(paymentStatus({ ...sums, total: 0 })).toBe('PAID');
    expect(() => paymentStatus({ ...sums, total: -1 })).toThrow(RangeError);
  });

  it('counts only successful transactions', () => {
    const t = (kind: TransactionKind, amount: number, status: TransactionStatus = 'SUCCESS') => ({
      kind,
      amount,
      status,
    });
    expect(
      paymentSums([t('AUTHORIZATION', 900), t('CAPTURE', 500), t('SALE', 100, 'FAILURE'), t('REFUND', 200)]),
    ).toEqual({ authorized: 900, captured: 500, refunded: 200, voided: 0 });
  });

  it('matches its definition over random sequences of valid transactions', () => {
    type Step = { kind: TransactionKind; fraction: number; ok: boolean };
    const arbStep: fc.Arbitrary<Step> = fc.record({
      kind: fc.constantFrom(...TRANSACTION_KINDS),
      fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
      ok: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(arbStep, { maxLength: 12 }),
        (total, steps) => {
          // A manual gateway: captures come out of the open authorization, a void closes it, refunds
          // give back captured money only; steps that would break that are skipped.
          let open = 0;
          const txs: { kind: TransactionKind; amount: number; status: TransactionStatus }[] = [];
          let captured = 0;
          let refunded = 0;
          for (const s of steps) {
            const room =
              s.kind === 'AUTHORIZATION' || s.kind === 'SALE'
                ? total
                : s.kind === 'CAPTURE' || s.kind === 'VOID'
                  ? open
                  : refundable(captured, refunded);
            const amount = s.kind === 'VOID' ? open : Math.max(1, Math.floor(room * s.fraction));
            if (room === 0) continue;
            txs.push({ kind: s.kind, amount, status: s.ok ? 'SUCCESS' : 'FAILURE' });
            if (!s.ok) continue;
            if (s.kind === 'AUTHORIZATION') open += amount;
            if (s.kind === 'CAPTURE' || s.kind === 'VOID') open -= amount;
            if (s.kind === 'CAPTURE' || s.kind === 'SALE') captured += amount;
            if (s.kind === 'REFUND') refunded += amount;
          }
          const p = paymentSums(txs);
          expect(p.captured).toBe(captured);
          expect(p.refunded).toBeLessThanOrEqual(p.captured);
          const status = paymentStatus({ ...p, total });
          // The SPEC's states as predicates: exactly one holds, and it is the derived status.
          const holds: Record<PaymentStatus, boolean> = {
            PENDING: p.authorized === 0 && p.captured === 0,
            AUTHORIZED: p.captured === 0 && open > 0,
            VOIDED: p.captured === 0 && p.authorized > 0 && open === 0,
            PARTIALLY_PAID: p.refunded === 0 && p.captured > 0 && p.captured < total,
            PAID: p.refunded === 0 && p.captured >= total,
            PARTIALLY_REFUNDED: p.refunded > 0 && p.refunded < p.captured,
            REFUNDED: p.refunded > 0 && p.refunded === p.captured,
          };
          expect(Object.entries(holds).filter(([, v]) => v)).toEqual([[status, true]]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('fulfillment status', () => {
  const line = (quantity: number, fulfilledQuantity = 0, refundedQuantity = 0): FulfillmentLine => ({
    quantity,
    fulfilledQuantity,
    refundedQuantity,
  });
  it('derives from lines; a line refunded before shipping needs no fulfillment', () => {
    expect(fulfillmentStatus([line(2), line(1)])).toBe('UNFULFILLED');
    expect(fulfillmentStatus([line(2, 1), line(1)])).toBe('PARTIALLY_FULFILLED');
    expect(fulfillmentStatus([line(2, 2), line(1, 1)])).toBe('FULFILLED');
    expect(fulfillmentStatus([line(2, 2), line(3, 0, 3)])).toBe('FULFILLED');
    expect(fulfillmentStatus([line(3, 1, 2)])).toBe('FULFILLED');
    expect(fulfillmentStatus([line(3, 0, 3)])).toBe('UNFULFILLED');
    expect(unfulfilledQuantity(line(5, 2, 1))).toBe(2);
    expect(() => unfulfilledQuantity(line(1, 2))).toThrow(RangeError);
  });

  it('knows when refunded units had shipped', () => {
    // quantity, fulfilled, refunded
    expect(refundedAfterShipping(line(2, 2, 1))).toBe(true);
    expect(refundedAfterShipping(line(3, 1, 2))).toBe(false); // the two that never shipped
    expect(refundedAfterShipping(line(3, 1, 3))).toBe(true);
    expect(refundedAfterShipping(line(2, 0, 2))).toBe(false);
  });

  it('matches its definition over random fulfilments and refunds', () => {
    const arbOp = fc.record({
      line: fc.nat(4),
      refund: fc.boolean(),
      q: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
        fc.array(arbOp, { maxLength: 20 }),
        (quantities, ops) => {
          const lines = quantities.map((q) => line(q));
          for (const op of ops) {
            const l = lines[op.line % lines.length]!;
            const check = op.refund ? checkRefundQuantity(l, op.q) : checkFulfillQuantity(l, op.q);
            if (check) continue;
            if (op.refund) l.refundedQuantity += op.q;
            else l.fulfilledQuantity += op.q;
          }
          const shipped = lines.some((l) => l.fulfilledQuantity > 0);
          const done = lines.every((l) => l.fulfilledQuantity + l.refundedQuantity >= l.quantity);
          const expected = !shipped ? 'UNFULFILLED' : done ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
          expect(fulfillmentStatus(lines)).toBe(expected);
          for (const l of lines) expect(l.refundedQuantity).toBeLessThanOrEqual(l.quantity);
        },
      ),
    );
  });
});

describe('order actions', () => {
  const order = (o: Partial<OrderForAction> = {}): OrderForAction => ({
    status: 'OPEN',
    paymentStatus: 'PENDING',
    fulfillmentStatus: 'UNFULFILLED',
    ...o,
  });
  const msg = (o: Partial<OrderForAction>, a: (typeof ORDER_ACTIONS)[number]) =>
    checkOrderAction(order(o), a)?.errors[0]?.message ?? null;

  it('allows or refuses every action in every state, as SPEC §4 says (all 1,134 pairs)', () => {
    // The rules written again, independently, as a table: which states let each action run.
    const allowed: Record<(typeof ORDER_ACTIONS)[number], (o: OrderForAction) => boolean> = {
      cancel: (o) => o.status === 'OPEN' && o.fulfillmentStatus === 'UNFULFILLED',
      // A cancelled order is archived (and unarchived) apart from its status, which stays CANCELLED.
      close: (o) => o.status === 'OPEN' || (o.status === 'CANCELLED' && !o.archived),
      reopen: (o) => o.status === 'CLOSED' || (o.status === 'CANCELLED' && Boolean(o.archived)),
      fulfill: (o) => o.status === 'OPEN' && o.fulfillmentStatus !== 'FULFILLED',
      markPaid: (o) =>
        o.status !== 'CANCELLED' && ['PENDING', 'PARTIALLY_PAID', 'VOIDED'].includes(o.paymentStatus),
      capture: (o) => o.status !== 'CANCELLED' && ['AUTHORIZED', 'PARTIALLY_PAID'].includes(o.paymentStatus),
      void: (o) => o.status !== 'CANCELLED' && o.paymentStatus === 'AUTHORIZED',
      refund: () => true,
      edit: (o) => o.status === 'OPEN',
    };
    let pairs = 0;
    for (const status of ORDER_STATUSES)
      for (const paymentStatus of PAYMENT_STATUSES)
        for (const fulfillmentStatus of FULFILLMENT_STATUSES)
          for (const archived of [false, true])
            for (const action of ORDER_ACTIONS) {
              const o = { status, paymentStatus, fulfillmentStatus, archived };
              const refused = checkOrderAction(o, action);
              const where = `${action} on ${status}/${paymentStatus}/${fulfillmentStatus}${archived ? '/archived' : ''}`;
              expect(refused === null, where).toBe(allowed[action](o));
              if (refused) {
                expect(refused.errors, where).toHaveLength(1);
                expect(refused.errors[0]!.code, where).toBe('INVALID_TRANSITION');
                // The rule in plain words, a sentence a person can act on.
                expect(refused.errors[0]!.message, where).toMatch(/^[A-Z].+\.$/);
              }
              pairs++;
            }
    expect(pairs).toBe(1134);
  });

  it('cancel only open orders with nothing fulfilled; CANCELLED is final', () => {
    expect(msg({}, 'cancel')).toBeNull();
    expect(msg({ fulfillmentStatus: 'PARTIALLY_FULFILLED' }, 'cancel')).toBe(
      "An order with fulfillments can't be cancelled.",
    );
    expect(msg({ status: 'CANCELLED' }, 'reopen')).toBe("A cancelled order can't be reopened.");
    expect(msg({ status: 'CLOSED' }, 'cancel')).toBe("A closed order can't be cancelled; reopen it first.");
    for (const a of ['cancel', 'reopen', 'fulfill', 'markPaid', 'capture', 'void'] as const) {
      expect(checkOrderAction(order({ status: 'CANCELLED' }), a)?.errors[0]?.code).toBe('INVALID_TRANSITION');
    }
  });

  it('archives a cancelled order apart from its status (issue #26 §3), and unarchives it', () => {
    expect(msg({ status: 'CANCELLED' }, 'close')).toBeNull();
    expect(msg({ status: 'CANCELLED', archived: true }, 'close')).toBe('This order is already archived.');
    expect(msg({ status: 'CANCELLED', archived: true }, 'reopen')).toBeNull();
    expect(msg({ status: 'CANCELLED', archived: true }, 'fulfill')).toBe(
      "A cancelled order can't be fulfilled.",
    );
  });

  it('close and reopen', () => {
    expect(msg({}, 'close')).toBeNull();
    expect(msg({ status: 'CLOSED' }, 'reopen')).toBeNull();
    expect(msg({ status: 'CLOSED' }, 'close')).toBe('This order is already closed.');
    expect(msg({}, 'reopen')).toBe('This order is already open.');
    expect(msg({ status: 'CLOSED' }, 'fulfill')).toBe("A closed order can't be fulfilled; reopen it first.");
    expect(msg({ fulfillmentStatus: 'FULFILLED' }, 'fulfill')).toBe(
      'Every item of this order is already fulfilled.',
    );
  });

  it('payments: mark as paid, capture, void, refund', () => {
    expect(msg({}, 'markPaid')).toBeNull();
    expect(msg({ paymentStatus: 'AUTHORIZED' }, 'markPaid')).toMatch(/capture it instead/);
    expect(msg({ paymentStatus: 'PAID' }, 'markPaid')).toBe('This order is already paid.');
    expect(msg({ paymentStatus: 'AUTHORIZED' }, 'capture')).toBeNull();
    expect(msg({ paymentStatus: 'PARTIALLY_PAID' }, 'capture')).toBeNull();
    expect(msg({ paymentStatus: 'PENDING' }, 'capture')).toBe('Only an authorized payment can be captured.');
    expect(msg({ paymentStatus: 'AUTHORIZED' }, 'void')).toBeNull();
    expect(msg({ paymentStatus: 'PARTIALLY_PAID' }, 'void')).toMatch(/can be voided/);
    for (const status of ORDER_STATUSES) expect(msg({ status, paymentStatus: 'PAID' }, 'refund')).toBeNull();
  });

  it('refund amount and quantities, fulfil quantities (SPEC §5)', () => {
    expect(refundable(1000, 300)).toBe(700);
    expect(checkRefundAmount(700, 1000, 300, 'USD')).toBeNull();
    const over = checkRefundAmount(701, 1000, 300, 'USD')!.errors[0]!;
    expect(over).toMatchObject({ code: 'REFUND_EXCEEDS_CAPTURED', field: ['amount'] });
    expect(over.message).toMatch(/at most 7\.00 USD/);
    expect(checkRefundAmount(-1, 1000, 0, 'USD')?.errors[0]?.code).toBe('INVALID');
    expect(checkRefundQuantity({ quantity: 3, refundedQuantity: 1 }, 2)).toBeNull();
    expect(checkRefundQuantity({ quantity: 3, refundedQuantity: 1 }, 3)?.errors[0]?.code).toBe(
      'OUT_OF_RANGE',
    );
    expect(checkRefundQuantity({ quantity: 3, refundedQuantity: 3 }, 1)?.errors[0]?.message).toMatch(
      /already/,
    );
    const l = { quantity: 5, fulfilledQuantity: 2, refundedQuantity: 1 };
    expect(checkFulfillQuantity(l, 2)).toBeNull();
    expect(checkFulfillQuantity(l, 0)?.errors[0]?.message).toBe(
      'Fulfill a whole number from 1 to 2 of this item.',
    );
    expect(checkFulfillQuantity(l, 1.5, ['lines', '0'])?.errors[0]).toMatchObject({
      code: 'INVALID',
      field: ['lines', '0'],
    });
  });
});
