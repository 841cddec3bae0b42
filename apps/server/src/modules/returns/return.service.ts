import {
  checkReturnAction,
  decodeIdOf,
  DomainError,
  parseMoney,
  RETURN_LIMITS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnableQuantity,
  type ReturnAction,
  type ReturnReason,
  type UserError,
} from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { emitEvent } from '../events/events.service.js';
import { loadOrderForAction } from '../orders/order-lock.service.js';
import { actorName } from '../orders/order-payment.service.js';
import { orderName } from '../orders/order-fulfillment.service.js';
import type { Order } from '../orders/order.model.js';
import { findOrder } from '../orders/order-reads.service.js';
import {
  orderExchangeAdd,
  orderExchangeRemove,
  priceExchange,
  type ExchangeLineRaw,
  type PricedExchange,
} from '../orders/order-exchange.service.js';
import { receivedOf, type Return } from './return.model.js';
import { planSettlement } from './return-plan.service.js';
import {
  findReturns,
  insertReturn,
  linesOfReturns,
  lockReturn,
  nextReturnNumber,
  unitsOnReturns,
  updateReturn,
} from './return.repository.js';

export interface ReturnCreateRaw {
  orderId: string;
  lines: { orderLineId: string; quantity: number; reason: ReturnReason; note?: string | null }[];
  /** New items the customer takes instead of money (an exchange). */
  exchangeLines?: ExchangeLineRaw[] | null;
  returnShippingFee?: string | null;
  restockingFeePercent?: number | null;
  note?: string | null;
  idempotencyKey?: string | null;
}

export const field = (...path: (string | number)[]) => ['input', ...path.map(String)];

/** "#1021-R2": the order's name and the return's number within it. */
export const returnName = (orderNameText: string, ret: Pick<Return, 'number'>) =>
  `${orderNameText}-R${ret.number}`;

/** What the state machine needs of a stored return. */
export const returnFacts = (r: Return) => ({
  status: r.status,
  quantity: r.quantity,
  received: r.receivedQuantity,
  settled: r.settledAt !== null,
});

/** The return's row locked, or INVALID (the id names nothing); `action` checked against its state. */
export async function loadReturnForAction(
  trx: Tx,
  rawId: string,
  action: ReturnAction,
  idField: string[] = ['id'],
): Promise<Return> {
  const id = decodeIdOf('Return', rawId);
  const ret = id ? await lockReturn(trx, id) : null;
  if (!ret) throw DomainError.one('INVALID', 'This return does not exist.', idField);
  const refused = checkReturnAction(returnFacts(ret), action);
  if (refused) throw refused;
  return ret;
}

/** The audit entry of a return's change, on the order (its timeline), and its `return.*` event. */
export async function auditReturn(
  trx: Tx,
  actor: Actor,
  order: Pick<Order, 'id'>,
  ret: Return,
  verb: 'create' | 'open' | 'receive' | 'settle' | 'cancel' | 'close',
  changes: Record<string, { before: unknown; after: unknown }>,
  name: string,
): Promise<void> {
  await recordAudit(trx, actor, {
    action: `order.return_${verb}`,
    subjectType: 'Order',
    subjectId: order.id,
    changes: { return: { before: null, after: name }, ...changes },
  });
  const type = (
    {
      create: 'return.created',
      open: 'return.updated',
      receive: 'return.received',
      settle: 'return.settled',
      cancel: 'return.cancelled',
      close: 'return.closed',
    } as const
  )[verb];
  emitEvent(trx, actor, {
    type,
    subjectType: 'Return',
    subjectId: ret.id,
    version: ret.version,
    payload: { orderId: order.id },
  });
}

const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * Takes a return (issue #31): the order and its lines are locked first, so two returns for the
 * last returnable unit can't both pass; each line names shipped units not already on a return.
 */
export async function returnCreate(trx: Tx, actor: Actor, raw: ReturnCreateRaw): Promise<Return> {
  const orderId = decodeIdOf('Order', String(raw.orderId));
  if (!orderId) throw DomainError.one('INVALID', 'This order does not exist.', field('orderId'));
  const { idempotencyKey, ...request } = raw;
  const { returnId } = await idempotent(trx, 'returnCreate', idempotencyKey, request, async () => {
    const order = await loadOrderForAction(trx, orderId, null, { id: field('orderId') });
    const errors: UserError[] = [];
    if (order.status === 'CANCELLED') {
      throw DomainError.one('INVALID_TRANSITION', 'This order was cancelled; there is nothing to return.');
    }
    const asked = raw.lines ?? [];
    const exchange = raw.exchangeLines ?? [];
    if (!asked.length)
      errors.push({
        code: 'REQUIRED',
        message: 'Choose at least one item to return.',
        field: field('lines'),
      });
    if (asked.length + exchange.length > RETURN_LIMITS.lines) {
      throw DomainError.one(
        'LIMIT_EXCEEDED',
        exchange.length
          ? `A return has at most ${RETURN_LIMITS.lines} lines, returned and exchanged items together.`
          : `A return has at most ${RETURN_LIMITS.lines} lines.`,
        field(exchange.length ? 'exchangeLines' : 'lines'),
      );
    }
    if (exchange.length && order.status === 'CLOSED') {
      throw DomainError.one(
        'INVALID_TRANSITION',
        'This order is archived; unarchive it before exchanging items, so the new ones can ship.',
        field('exchangeLines'),
      );
    }
    const byId = new Map(order.lines.map((l) => [l.id, l]));
    const onReturns = await unitsOnReturns(
      trx,
      order.lines.map((l) => l.id),
    );
    const seen = new Set<string>();
    const lines = asked.flatMap((a, i) => {
      const lineId = decodeIdOf('OrderLine', String(a.orderLineId));
      const line = lineId ? byId.get(lineId) : undefined;
      if (!line) {
        errors.push({
          code: 'INVALID',
          message: "This item isn't on this order.",
          field: field('lines', i, 'orderLineId'),
        });
        return [];
      }
      if (seen.has(line.id)) {
        errors.push({
          code: 'INVALID',
          message: 'This item is already in the return; change its quantity there.',
          field: field('lines', i, 'orderLineId'),
        });
        return [];
      }
      seen.add(line.id);
      const returnable = returnableQuantity(line.fulfilledQuantity, onReturns.get(line.id) ?? 0);
      if (!Number.isSafeInteger(a.quantity) || a.quantity < 1) {
        errors.push({
          code: 'OUT_OF_RANGE',
          message: 'Return at least 1 unit.',
          field: field('lines', i, 'quantity'),
        });
        return [];
      }
      if (a.quantity > returnable) {
        errors.push({
          code: 'OUT_OF_RANGE',
          message:
            returnable === 0
              ? 'Nothing of this item can be returned: no unit shipped that is not already on a return.'
              : `Only ${returnable} of this item can be returned (shipped and not already on a return).`,
          field: field('lines', i, 'quantity'),
        });
        return [];
      }
      if (!RETURN_REASONS.includes(a.reason)) {
        errors.push({
          code: 'INVALID',
          message: 'Choose a reason from the list.',
          field: field('lines', i, 'reason'),
        });
        return [];
      }
      const note = text(a.note);
      if (note && note.length > RETURN_LIMITS.note) {
        errors.push({
          code: 'TOO_LONG',
          message: `Use at most ${RETURN_LIMITS.note} characters.`,
          field: field('lines', i, 'note'),
        });
        return [];
      }
      return [{ line, quantity: a.quantity, reason: a.reason, note }];
    });
    const currency = order.currencyCode.trim();
    let returnShippingFee = 0;
    if (text(raw.returnShippingFee)) {
      const parsed = parseMoney(raw.returnShippingFee!.trim(), currency);
      if (parsed === null || parsed < 0)
        errors.push({
          code: 'INVALID',
          message: `Enter a fee like 5.00 in ${currency}.`,
          field: field('returnShippingFee'),
        });
      else returnShippingFee = parsed;
    }
    const percent = raw.restockingFeePercent ?? 0;
    if (!Number.isSafeInteger(percent) || percent < 0 || percent > RETURN_LIMITS.restockingFeePercentMax) {
      errors.push({
        code: 'OUT_OF_RANGE',
        message: 'Enter a whole percent from 0 to 100.',
        field: field('restockingFeePercent'),
      });
    }
    const note = text(raw.note);
    if (note && note.length > RETURN_LIMITS.note)
      errors.push({
        code: 'TOO_LONG',
        message: `Use at most ${RETURN_LIMITS.note} characters.`,
        field: field('note'),
      });
    const priced = exchange.length ? await priceExchange(trx, order, exchange, errors) : null;
    if (errors.length) throw new DomainError(errors);

    const id = uuidv7();
    const number = await nextReturnNumber(trx, order.id);
    const now = new Date();
    await insertReturn(
      trx,
      {
        id,
        orderId: order.id,
        number,
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        returnShippingFee,
        restockingFeePercent: percent,
        note,
        staffId: actor.viewer?.staffId ?? null,
        staffName: actorName(actor),
        createdAt: now,
        updatedAt: now,
      },
      lines.map((l, i) => ({
        id: uuidv7(),
        returnId: id,
        orderLineId: l.line.id,
        position: i + 1,
        quantity: l.quantity,
        reason: l.reason,
        note: l.note,
      })),
    );
    const [inserted] = await findReturns(trx, [id]);
    const name = returnName(await orderName(trx, order), inserted!);
    const ret = priced ? await addExchange(trx, actor, order, inserted!, priced, name) : inserted!;
    await auditReturn(
      trx,
      actor,
      order,
      ret,
      'create',
      {
        lines: {
          before: null,
          after: lines.map((l) => ({
            sku: l.line.sku,
            title: l.line.productTitle,
            quantity: l.quantity,
            reason: RETURN_REASON_LABELS[l.reason],
          })),
        },
        ...(priced
          ? {
              exchange: {
                before: null,
                after: priced.items.map((i) => ({
                  sku: i.sold!.variant.sku,
                  title: i.sold!.variant.productTitle,
                  variant: i.sold!.variant.title,
                  quantity: i.quantity,
                  unitPrice: i.unitPrice,
                  ...(i.sold!.override ? { priceOverrideReason: i.sold!.override.reason } : {}),
                })),
              },
              exchange_total: { before: null, after: Number(ret.exchangeTotal) },
              exchange_credit: { before: null, after: Number(ret.exchangeCredit) },
            }
          : {}),
      },
      name,
    );
    return { returnId: id };
  });
  return (await findReturns(trx, [returnId]))[0]!;
}

/**
 * The exchange's new items onto the order (their stock committed as orderCreate commits it), and
 * the credit the returned units are expected to bring applied to them: min(credit − fees, the new
 * items' total). A settlement corrects it with what really came back.
 */
async function addExchange(
  trx: Tx,
  actor: Actor,
  order: Awaited<ReturnType<typeof loadOrderForAction>>,
  ret: Return,
  priced: PricedExchange,
  name: string,
): Promise<Return> {
  const { figures } = await planSettlement(
    trx,
    order,
    order.lines,
    ret,
    false,
    priced.items.map((item, i) => ({
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      tax: priced.totals.lines[i]!.tax,
    })),
  );
  await orderExchangeAdd(trx, actor, order, priced, {
    returnId: ret.id,
    note: `Exchange for return ${name}`,
    credit: figures.exchangeCredit,
  });
  return updateReturn(trx, ret.id, {
    exchangeTotal: figures.newItemsTotal,
    exchangeCredit: figures.exchangeCredit,
  });
}

/** REQUESTED → OPEN: a label was sent or the parcel is expected. */
export async function returnOpen(trx: Tx, actor: Actor, rawId: string): Promise<Return> {
  const ret = await loadReturnForAction(trx, rawId, 'open');
  const after = await updateReturn(trx, ret.id, { status: 'OPEN', openedAt: new Date() });
  await auditLifecycle(trx, actor, after, 'open', { status: { before: ret.status, after: 'OPEN' } });
  return after;
}

/**
 * Nothing received and nothing settled: the return is called off and its units are returnable
 * again. The items its exchange added come off the order (their stock released, the order's
 * figures and credit back) while none of them shipped; once they have, the return can't be
 * cancelled. The order is locked before the return, as a settlement locks them.
 */
export async function returnCancel(trx: Tx, actor: Actor, rawId: string): Promise<Return> {
  const id = decodeIdOf('Return', String(rawId));
  const found = id ? (await findReturns(trx, [id]))[0] : undefined;
  if (!found) throw DomainError.one('INVALID', 'This return does not exist.', ['id']);
  const order = await loadOrderForAction(trx, found.orderId, null, { id: ['id'] });
  const ret = await loadReturnForAction(trx, rawId, 'cancel');
  const name = returnName(await orderName(trx, order), ret);
  const removed = await orderExchangeRemove(trx, actor, order, {
    returnId: ret.id,
    note: `Return ${name} cancelled: exchange released`,
    credit: Number(ret.exchangeCredit),
  });
  const after = await updateReturn(trx, ret.id, {
    status: 'CANCELLED',
    cancelledAt: new Date(),
    ...(removed || Number(ret.exchangeTotal) ? { exchangeTotal: 0, exchangeCredit: 0 } : {}),
  });
  await auditReturn(
    trx,
    actor,
    order,
    after,
    'cancel',
    {
      status: { before: ret.status, after: 'CANCELLED' },
      ...(removed ? { exchange_removed: { before: null, after: removed } } : {}),
    },
    name,
  );
  return after;
}

/**
 * Received (in part or whole) and settled: the return is done. Units never received are no longer
 * on it, so they can be returned again.
 */
export async function returnClose(trx: Tx, actor: Actor, rawId: string): Promise<Return> {
  const ret = await loadReturnForAction(trx, rawId, 'close');
  const lines = await linesOfReturns(trx, [ret.id]);
  const never = lines.reduce((n, l) => n + l.quantity - receivedOf(l), 0);
  const after = await updateReturn(trx, ret.id, { status: 'CLOSED', closedAt: new Date() });
  await auditLifecycle(trx, actor, after, 'close', {
    status: { before: ret.status, after: 'CLOSED' },
    ...(never ? { not_received: { before: null, after: never } } : {}),
  });
  return after;
}

async function auditLifecycle(
  trx: Tx,
  actor: Actor,
  ret: Return,
  verb: 'open' | 'cancel' | 'close',
  changes: Record<string, { before: unknown; after: unknown }>,
): Promise<void> {
  const order = (await findOrder(trx, ret.orderId))!;
  await auditReturn(trx, actor, order, ret, verb, changes, returnName(await orderName(trx, order), ret));
}
