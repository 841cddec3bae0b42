import { checkOrderAction, formatMinor, parseMoney, type TransactionKind } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order, OrderTransaction } from './order.model.js';
import { DomainError } from '@stockroom/domain';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { findOrder, insertTransaction, transactionsOfOrders } from './order.repository.js';
import { loadOrderForAction, payableTotal, refreshOrderStatus } from './order-lock.service.js';

const ok = (t: OrderTransaction, kind: TransactionKind) => t.status === 'SUCCESS' && t.kind === kind;
const sum = (ts: OrderTransaction[]) => ts.reduce((a, t) => a + Number(t.amount), 0);

/**
 * Money still held by authorizations: authorized − voided − captured from them. A SALE took its
 * money directly and never counts against an authorization.
 */
export function capturableOf(transactions: OrderTransaction[]): number {
  const authorized = sum(transactions.filter((t) => ok(t, 'AUTHORIZATION')));
  const voided = sum(transactions.filter((t) => ok(t, 'VOID')));
  const captured = sum(transactions.filter((t) => ok(t, 'CAPTURE')));
  return Math.max(0, authorized - voided - captured);
}

/**
 * What a capture may still take: the authorized money left, at most what the order still asks for
 * (payable total − paid). An edit that lowered the total (issue #32) leaves part of an authorization
 * that is never captured.
 */
export function capturableFor(
  order: Pick<Order, 'total' | 'exchangeCredit' | 'totalPaid'>,
  transactions: OrderTransaction[],
): number {
  return Math.min(capturableOf(transactions), Math.max(0, payableTotal(order) - Number(order.totalPaid)));
}

/** The latest successful authorization: what a capture or void acts on. */
function authorizationOf(transactions: OrderTransaction[]): OrderTransaction | null {
  return transactions.filter((t) => ok(t, 'AUTHORIZATION')).at(-1) ?? null;
}

/** Who did it, as the timeline shows it. */
export function actorName(actor: Actor): string {
  if (actor.viewer) return actor.viewer.name || actor.viewer.email;
  return actor.system ? 'system' : 'API';
}

export async function addTransaction(
  trx: Tx,
  actor: Actor,
  order: Order,
  t: { kind: TransactionKind; amount: number; reference?: string | null; parentId?: string | null },
): Promise<OrderTransaction> {
  return insertTransaction(trx, {
    id: uuidv7(),
    orderId: order.id,
    kind: t.kind,
    amount: t.amount,
    gateway: 'manual',
    reference: t.reference ?? null,
    parentId: t.parentId ?? null,
    staffId: actor.viewer?.staffId ?? null,
    actorName: actorName(actor),
  });
}

/** The status fields of a money change, for the audit event. */
export function paymentChanges(before: Order, after: Order, amount: number) {
  return {
    amount: { before: null, after: amount },
    payment_status: { before: before.paymentStatus, after: after.paymentStatus },
    total_paid: { before: Number(before.totalPaid), after: Number(after.totalPaid) },
  };
}

const REFERENCE_MAX = 255;

function checkReference(reference: string | null | undefined, field: string[]): string | null {
  const trimmed = reference?.trim() || null;
  if (trimmed && trimmed.length > REFERENCE_MAX)
    throw DomainError.one('TOO_LONG', `Use at most ${REFERENCE_MAX} characters.`, field);
  return trimmed;
}

/** Money received outside any gateway (cash, bank transfer): a SALE of what is still owed. */
export async function orderMarkAsPaid(
  trx: Tx,
  actor: Actor,
  input: { id: string; reference?: string | null },
): Promise<Order> {
  const reference = checkReference(input.reference, ['reference']);
  const before = await loadOrderForAction(trx, input.id);
  const refused = checkOrderAction(before, 'markPaid');
  if (refused) throw refused;
  const amount = Math.max(0, payableTotal(before) - Number(before.totalPaid));
  await addTransaction(trx, actor, before, { kind: 'SALE', amount, reference });
  const after = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.mark_paid',
    subjectType: 'Order',
    subjectId: before.id,
    changes: paymentChanges(before, after, amount),
  });
  return after;
}

/**
 * Captures part or all of the authorized money. The order row lock taken first serialises
 * concurrent captures, so together they never exceed what was authorized.
 */
export async function orderCapture(
  trx: Tx,
  actor: Actor,
  input: { id: string; amount?: string | null; idempotencyKey?: string | null },
): Promise<Order> {
  const work = async () => {
    const before = await loadOrderForAction(trx, input.id);
    const refused = checkOrderAction(before, 'capture');
    if (refused) throw refused;
    const transactions = await transactionsOfOrders(trx, [before.id]);
    const capturable = capturableFor(before, transactions);
    const currency = before.currencyCode.trim();
    if (capturable === 0)
      throw DomainError.one('INVALID_TRANSITION', 'Nothing is left to capture on this order.');
    let amount = capturable;
    if (input.amount != null) {
      const parsed = parseMoney(input.amount, currency);
      if (parsed === null)
        throw DomainError.one('INVALID', `Enter an amount like 12.50 in ${currency}.`, ['amount']);
      if (parsed === 0) throw DomainError.one('OUT_OF_RANGE', 'Capture more than 0.', ['amount']);
      if (parsed > capturable)
        throw DomainError.one(
          'OUT_OF_RANGE',
          `At most ${formatMinor(capturable, currency)} ${currency} is authorized and not yet captured.`,
          ['amount'],
        );
      amount = parsed;
    }
    const parent = authorizationOf(transactions);
    await addTransaction(trx, actor, before, { kind: 'CAPTURE', amount, parentId: parent?.id ?? null });
    const after = await refreshOrderStatus(trx, before.id);
    await recordAudit(trx, actor, {
      action: 'order.capture',
      subjectType: 'Order',
      subjectId: before.id,
      changes: paymentChanges(before, after, amount),
    });
    return { orderId: after.id };
  };
  // A retried capture (same key, same order and amount) answers as the first did, moving no money twice.
  const { orderId } = await idempotent(
    trx,
    'orderCapture',
    input.idempotencyKey,
    { id: input.id, amount: input.amount ?? null },
    work,
    ['idempotencyKey'],
  );
  return (await findOrder(trx, orderId))!;
}

/** Releases an authorization nothing was captured from: the customer's money is no longer held. */
export async function orderVoid(trx: Tx, actor: Actor, input: { id: string }): Promise<Order> {
  const before = await loadOrderForAction(trx, input.id);
  const refused = checkOrderAction(before, 'void');
  if (refused) throw refused;
  const transactions = await transactionsOfOrders(trx, [before.id]);
  const amount = capturableOf(transactions);
  await addTransaction(trx, actor, before, {
    kind: 'VOID',
    amount,
    parentId: authorizationOf(transactions)?.id ?? null,
  });
  const after = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.void',
    subjectType: 'Order',
    subjectId: before.id,
    changes: paymentChanges(before, after, amount),
  });
  return after;
}
