import { DomainError, formatInTimeZone, MESSAGES, STORE_DATE_TIME, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order } from './order.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { idempotent } from '../../lib/idempotency.js';
import { latestEventsAbout, recordAudit } from '../audit/audit.service.js';
import { orderEditStock, type Allocation } from '../inventory/order-stock.js';
import { customerSpendChanged } from '../customers/customer-figures.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { deleteLines, findOrder, linesInsert, updateLines, updateOrder } from './order.repository.js';
import { loadOrderForAction, refreshOrderStatus, type LoadedOrder } from './order-lock.service.js';
import { orderName } from './order-fulfillment.service.js';
import type { OrderEditChangesRaw } from './order-lines-edit-input.js';
import { EDIT_REASON_MAX } from './order-lines-edit-input.js';
import { planOrderEdit } from './order-lines-edit-plan.service.js';
import { lineTitle, type EditPlan, type PlannedLine } from './order-lines-edit.model.js';
import { stockChangesOf } from './order-lines-edit-stock.js';
import type { EditCalculation } from './order-lines-edit-words.js';
import { ORDER_SUBJECT } from './order-timeline.js';

/*
 * Issue #32: orderEdit writes a planned edit under the order's lock — its lines, totals, stock, the
 * customer's spend, one audit event `order.edit` (whose domain event is `order.edited`) and, when
 * asked, the customer's email — all in the caller's transaction.
 */

export interface OrderEditInput {
  orderId: string;
  expectedVersion: number;
  changes: OrderEditChangesRaw;
  reason: string;
  notifyCustomer?: boolean | null;
  idempotencyKey?: string | null;
}

/**
 * Edits an order. A repeat with the same idempotency key answers the first edit (its order and
 * calculation) without writing again.
 */
export async function orderLinesEdit(
  trx: Tx,
  actor: Actor,
  input: OrderEditInput,
): Promise<{ order: Order; calculation: EditCalculation; editId: string; summary: string[] }> {
  const { idempotencyKey, ...request } = input;
  const done = await idempotent(
    trx,
    'orderEdit',
    idempotencyKey,
    request,
    () => editOrder(trx, actor, request),
    ['idempotencyKey'],
  );
  return { ...done, order: (await findOrder(trx, done.orderId))! };
}

async function editOrder(
  trx: Tx,
  actor: Actor,
  input: Omit<OrderEditInput, 'idempotencyKey'>,
): Promise<{ orderId: string; calculation: EditCalculation; editId: string; summary: string[] }> {
  const reason = input.reason.trim();
  const reasonError: UserError | null = !reason
    ? { code: 'REQUIRED', message: 'Say why the order is edited.', field: ['reason'] }
    : reason.length > EDIT_REASON_MAX
      ? { code: 'TOO_LONG', message: `Use at most ${EDIT_REASON_MAX} characters.`, field: ['reason'] }
      : null;
  const order = await loadOrderForAction(trx, input.orderId, null, { id: ['orderId'] });
  if (input.expectedVersion !== order.version) throw await staleVersion(trx, order);
  let plan: EditPlan;
  try {
    plan = await planOrderEdit(trx, order, input.changes, { preview: false });
  } catch (e) {
    if (e instanceof DomainError && reasonError) throw new DomainError([...e.errors, reasonError]);
    throw e;
  }
  if (reasonError) throw new DomainError([reasonError]);
  if (plan.discountMinimumNotMet)
    throw DomainError.one(
      'DISCOUNT_NOT_APPLICABLE',
      `The code ${plan.discount!.code} no longer applies to this order: ${plan.minimumWords} Give a reason to keep it anyway, or remove the code.`,
      ['changes', 'discount'],
    );
  const name = await orderName(trx, order);
  const allocations = await writeLinesAndStock(trx, actor, plan, `Edited order ${name}`);
  const { totals, shipping, discount } = plan;
  const live = plan.lines.filter((l) => l.change !== 'REMOVED');
  await updateOrder(trx, order.id, {
    subtotal: totals.subtotal,
    discountTotal: totals.discountTotal,
    shippingTotal: totals.shippingTotal,
    shippingTax: totals.shippingTax,
    taxTotal: totals.taxTotal,
    total: totals.total,
    itemsCount: live.reduce((n, l) => n + l.quantity, 0),
    shippingRateId: shipping?.rateId ?? null,
    shippingName: shipping?.name ?? null,
    shippingPrice: shipping?.price ?? 0,
    discountCode: discount?.code ?? null,
    discountId: discount?.id ?? null,
  });
  const delta = totals.total - Number(order.total);
  if (order.customerId && delta !== 0) await customerSpendChanged(trx, order.customerId, delta);
  const after = await refreshOrderStatus(trx, order.id);
  await recordAudit(trx, actor, {
    action: 'order.edit',
    subjectType: ORDER_SUBJECT,
    subjectId: order.id,
    changes: auditChanges(plan, after, reason),
  });
  const addedAt = new Map<string, string | null>(allocations.map((a) => [a.variantId, a.locationId]));
  return {
    orderId: order.id,
    // The customer's email is the caller's (it needs the mail queue): this edit's id and words.
    editId: uuidv7(),
    summary: plan.summary,
    calculation: { ...plan.calculation, stockChanges: stockChangesOf(plan.lines, addedAt, plan) },
  };
}

/** STALE_VERSION naming who last changed the order, and when (its latest audit event of a change). */
async function staleVersion(trx: Tx, order: LoadedOrder): Promise<DomainError> {
  // An email's outcome is recorded about the order too, but changes nothing of it.
  const last = (await latestEventsAbout(trx, ORDER_SUBJECT, order.id, 20)).find(
    (e) => !e.action.startsWith('order.email_'),
  );
  if (!last) return DomainError.one('STALE_VERSION', MESSAGES.staleVersion('order'), ['expectedVersion']);
  const who = last.actorName ?? (last.actorType === 'system' ? 'Stockroom itself' : 'Someone');
  const when = formatInTimeZone(last.createdAt, (await storeSettings(trx)).timezone, STORE_DATE_TIME);
  return DomainError.one(
    'STALE_VERSION',
    `${who} changed this order on ${when}, after you opened it; look at it again and redo your edit.`,
    ['expectedVersion'],
  );
}

/**
 * The stock first (every level locked in one ordered statement, new lines written with the
 * commitment), then the kept lines' new quantities, prices, discounts and taxes, and the removed
 * lines deleted (nothing of them shipped, was refunded or returned).
 */
async function writeLinesAndStock(
  trx: Tx,
  actor: Actor,
  plan: EditPlan,
  note: string,
): Promise<Allocation[]> {
  const { order } = plan;
  const added = plan.lines.filter((l) => l.change === 'ADDED');
  const addedStock = added.filter((l) => l.sold);
  const last = order.lines.reduce((n, l) => Math.max(n, l.position), -1);
  const rows = (allocations: Allocation[]) => {
    const at = new Map(allocations.map((a) => [a.variantId, a.locationId]));
    return added.map((l, i) =>
      newLineRow(order, l, last + 1 + i, l.variantId ? (at.get(l.variantId) ?? null) : null),
    );
  };
  let allocations: Allocation[];
  try {
    allocations = await orderEditStock(
      trx,
      actor,
      {
        added: addedStock.map((l) => ({ variantId: l.variantId!, quantity: l.quantity })),
        more: plan.more,
        released: plan.released,
      },
      {
        origin: { orderId: order.id, note },
        alongside: (a) => (added.length ? [linesInsert(trx, rows(a))] : []),
      },
    );
  } catch (e) {
    throw stockError(e, addedStock, plan);
  }
  const changed = plan.lines.filter(
    (l) =>
      l.line &&
      l.change !== 'REMOVED' &&
      (l.change !== 'UNCHANGED' ||
        Number(l.line.discount) !== l.figures.discount ||
        Number(l.line.tax) !== l.figures.tax),
  );
  await updateLines(
    trx,
    changed.map((l) => ({
      id: l.line!.id,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      discount: l.figures.discount,
      tax: l.figures.tax,
      ...(l.priceReason
        ? {
            originalUnitPrice: l.line!.originalUnitPrice ?? l.previousUnitPrice,
            priceOverrideReason: l.priceReason,
          }
        : {}),
    })),
  );
  await deleteLines(
    trx,
    plan.lines.filter((l) => l.change === 'REMOVED').map((l) => l.line!.id),
  );
  return allocations;
}

function newLineRow(order: LoadedOrder, l: PlannedLine, position: number, locationId: string | null) {
  return {
    id: uuidv7(),
    orderId: order.id,
    productId: l.productId,
    variantId: l.variantId,
    productTitle: l.productTitle,
    variantTitle: l.variantTitle,
    sku: l.sku,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    discount: l.figures.discount,
    tax: l.figures.tax,
    position,
    taxable: l.taxable,
    custom: l.custom,
    requiresShipping: l.requiresShipping,
    locationId,
    originalUnitPrice: null,
    priceOverrideReason: null,
  };
}

/** Stock refusals named by the line they are about ("Linen Shirt — M: only 1 available at Main."). */
function stockError(e: unknown, addedStock: readonly PlannedLine[], plan: EditPlan): unknown {
  if (!(e instanceof DomainError)) return e;
  return new DomainError(
    e.errors.map((u) => {
      if (u.field?.[0] === 'lines') {
        const line = addedStock[Number(u.field[1])];
        if (line)
          return {
            ...u,
            field: [...line.field!, 'quantity'],
            message: `${lineTitle(line)}: ${lower(u.message)}`,
          };
      }
      const more = plan.more.find((m) => u.field && m.field.join('.') === u.field.join('.'));
      return more ? { ...u, message: `${more.title}: ${lower(u.message)}` } : u;
    }),
  );
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The edit as the audit log keeps it: the lines before → after and the changes in words. */
function auditChanges(plan: EditPlan, after: Order, reason: string) {
  const { order } = plan;
  const lineWords = (l: {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitPrice: number;
  }) => ({
    title: lineTitle(l),
    quantity: l.quantity,
    unitPrice: l.unitPrice,
  });
  return {
    summary: { before: null, after: plan.summary },
    reason: { before: null, after: reason },
    lines: {
      before: order.lines.map((l) => lineWords({ ...l, unitPrice: Number(l.unitPrice) })),
      after: plan.lines.filter((l) => l.change !== 'REMOVED').map(lineWords),
    },
    total: { before: Number(order.total), after: Number(after.total) },
    ...(plan.shippingChanged
      ? {
          shipping: {
            before: order.shippingName
              ? { name: order.shippingName, price: Number(order.shippingPrice) }
              : null,
            after: plan.shipping ? { name: plan.shipping.name, price: plan.shipping.price } : null,
          },
        }
      : {}),
    ...((order.discountCode ?? null) !== (after.discountCode ?? null)
      ? { discount_code: { before: order.discountCode, after: after.discountCode } }
      : {}),
    payment_status: { before: order.paymentStatus, after: after.paymentStatus },
  };
}
