import { DomainError, MESSAGES, type UserError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order } from '../orders/order.model.js';
import type { DraftOrder } from './draft.model.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { eventField, recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { customerName } from '../orders/order-create-checks.js';
import { findCustomerForOrder, findOrder } from '../orders/order-reads.service.js';
import { placeParsed } from '../orders/order-create.service.js';
import {
  deleteDraft,
  findDraft,
  insertDraft,
  linesOfDrafts,
  lockDraft,
  replaceDraftLines,
  updateDraft,
  type DraftValues,
} from './draft.repository.js';
import { parseDraftInput, type DraftLineValue, type DraftOrderRaw } from './draft-input.js';
import {
  calculateDraft,
  draftValues,
  EMPTY_DRAFT,
  GONE_TITLE,
  refuseUnusableCode,
  type DraftFigures,
  type FullDraft,
} from './draft-figures.service.js';

export type { DraftOrderRaw } from './draft-input.js';
export {
  calculateDraft,
  draftOrderCalculate,
  draftValues,
  type DraftFigures,
} from './draft-figures.service.js';

async function checkedCustomer(trx: Tx, id: string | null) {
  if (!id) return null;
  const customer = await findCustomerForOrder(trx, id);
  if (!customer || customer.state === 'ERASED') {
    throw DomainError.one(
      'INVALID',
      customer ? "This customer's data was erased; choose another customer." : "This customer doesn't exist.",
      ['input', 'customerId'],
    );
  }
  return customer;
}

function lineValues(lines: DraftLineValue[]) {
  return lines.map((l, i) => ({
    id: uuidv7(),
    position: i,
    variantId: l.variantId,
    custom: l.variantId === null && l.title !== GONE_TITLE,
    title: l.variantId ? null : l.title,
    price: l.price,
    priceOverrideReason: l.variantId ? l.reason : null,
    quantity: l.quantity,
    taxable: l.taxable,
  }));
}

/** The stored columns of a draft's values (lines aside). */
async function draftColumns(trx: Tx, draft: FullDraft, figures: DraftFigures): Promise<DraftValues> {
  const customer = await checkedCustomer(trx, draft.customerId);
  return {
    customerId: draft.customerId,
    customerName: customerName(customer, draft.shippingAddress, draft.billingAddress),
    email: draft.email,
    phone: draft.phone,
    shippingAddress: draft.shippingAddress,
    billingAddress: draft.billingAddress,
    shippingRateId: draft.shipping?.rateId ?? null,
    shippingTitle: draft.shipping?.rateId ? null : (draft.shipping?.title ?? null),
    shippingPrice: draft.shipping?.rateId ? null : (draft.shipping?.price ?? null),
    note: draft.note,
    tags: draft.tags,
    discountCode: draft.discountCode,
    itemsCount: figures.itemsCount,
    total: figures.total,
  };
}

export const draftName = (d: Pick<DraftOrder, 'number'>) => `#D${d.number}`;

/** draftOrderCreate (SPEC §2 `/drafts/new`): nothing is reserved; the totals are saved for the list. */
export async function draftOrderCreate(trx: Tx, actor: Actor, raw: DraftOrderRaw): Promise<DraftOrder> {
  const currency = (await storeSettings(trx)).currencyCode;
  const draft = { ...EMPTY_DRAFT, ...parseDraftInput(raw, currency) };
  const figures = await calculateDraft(trx, draft, 'check');
  refuseUnusableCode(figures);
  const id = uuidv7();
  const row = await insertDraft(trx, id, {
    ...(await draftColumns(trx, draft, figures)),
    createdBy: actor.viewer?.staffId ?? null,
  });
  await replaceDraftLines(trx, id, lineValues(draft.lines));
  await recordAudit(trx, actor, {
    action: 'draft_order.create',
    subjectType: 'DraftOrder',
    subjectId: id,
    changes: {
      name: { before: null, after: draftName(row) },
      total: { before: null, after: figures.total },
      items_count: { before: null, after: figures.itemsCount },
      ...(draft.customerId ? { customer_id: { before: null, after: draft.customerId } } : {}),
    },
  });
  return row;
}

async function lockOpenDraft(trx: Tx, id: string, version?: number | null): Promise<DraftOrder> {
  const draft = await lockDraft(trx, id);
  if (!draft) throw DomainError.one('INVALID', 'This draft order does not exist.', ['id']);
  if (draft.status === 'COMPLETED') {
    const order = draft.orderId ? await findOrder(trx, draft.orderId) : null;
    const settings = await storeSettings(trx);
    throw DomainError.one(
      'INVALID_TRANSITION',
      order
        ? `This draft is already completed as order ${settings.orderNumberPrefix}${order.number}.`
        : 'This draft is already completed.',
      ['id'],
    );
  }
  if (version != null && version !== draft.version) {
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('draft order'), ['version']);
  }
  return draft;
}

const AUDITED = [
  'customerId',
  'email',
  'phone',
  'note',
  'tags',
  'total',
  'itemsCount',
  'shippingTitle',
  'discountCode',
] as const;

/** draftOrderUpdate: fields left out keep their values; lines, when given, replace all of them. */
export async function draftOrderUpdate(
  trx: Tx,
  actor: Actor,
  input: { id: string; raw: DraftOrderRaw; version?: number | null },
): Promise<DraftOrder> {
  const before = await lockOpenDraft(trx, input.id, input.version);
  const currency = (await storeSettings(trx)).currencyCode;
  const given = parseDraftInput(input.raw, currency);
  const current = draftValues(before, await linesOfDrafts(trx, [before.id]));
  const draft: FullDraft = { ...current, ...given };
  const figures = await calculateDraft(trx, draft, 'check');
  refuseUnusableCode(figures);
  const after = await updateDraft(trx, before.id, await draftColumns(trx, draft, figures));
  if (given.lines) await replaceDraftLines(trx, before.id, lineValues(given.lines));
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of AUDITED) {
    const b = before[key] === null ? null : JSON.stringify(before[key]);
    const a = after[key] === null ? null : JSON.stringify(after[key]);
    if (a !== b) changes[eventField(key)] = { before: before[key], after: after[key] };
  }
  if (given.lines) changes['lines'] = { before: current.lines.length, after: given.lines.length };
  await recordAudit(trx, actor, {
    action: 'draft_order.update',
    subjectType: 'DraftOrder',
    subjectId: before.id,
    changes,
  });
  return after;
}

/** draftOrderDelete: only an open draft; a completed one is the record of its order. */
export async function draftOrderDelete(trx: Tx, actor: Actor, id: string): Promise<string> {
  const before = await lockOpenDraft(trx, id);
  await deleteDraft(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'draft_order.delete',
    subjectType: 'DraftOrder',
    subjectId: before.id,
    changes: {
      name: { before: draftName(before), after: null },
      total: { before: Number(before.total), after: null },
    },
  });
  return before.id;
}

/** Errors of placing name orderCreate's input; a draft's are named by the draft's own fields. */
function draftFields(e: DomainError): DomainError {
  return new DomainError(
    e.errors.map((u) => {
      const field = u.field?.[0] === 'input' ? u.field.slice(1) : u.field;
      if (field?.[0] === 'shippingRateId') return { ...u, field: ['shipping'] };
      return { ...u, field: field ?? null };
    }),
  );
}

/**
 * draftOrderComplete (SPEC §4): the draft becomes an order through orderCreate's own path —
 * prices recalculated and frozen now, stock committed (INSUFFICIENT_STOCK per line keeps the draft
 * open and changes nothing), payment pending or marked paid. The draft row is locked first, so two
 * completions of one draft make one order.
 */
export async function draftOrderComplete(
  trx: Tx,
  actor: Actor,
  input: { id: string; markAsPaid?: boolean | null; idempotencyKey?: string | null },
): Promise<{ draft: DraftOrder; order: Order }> {
  const { draftId, orderId } = await idempotent(
    trx,
    'draftOrderComplete',
    input.idempotencyKey,
    { id: input.id, markAsPaid: Boolean(input.markAsPaid) },
    async () => {
      const before = await lockOpenDraft(trx, input.id);
      const rows = await linesOfDrafts(trx, [before.id]);
      const draft = draftValues(before, rows);
      const errors: UserError[] = [];
      if (!rows.length)
        errors.push({ code: 'REQUIRED', message: 'Add at least one item first.', field: ['lines'] });
      rows.forEach((r, i) => {
        if (!r.custom && !r.variantId)
          errors.push({
            code: 'INVALID',
            message: 'This item is no longer in the catalog; remove it or add it as a custom item.',
            field: ['lines', String(i), 'variantId'],
          });
      });
      if (errors.length) throw new DomainError(errors);
      const lines = draft.lines.flatMap((l, index) =>
        l.variantId
          ? [
              {
                variantId: l.variantId,
                quantity: l.quantity,
                index,
                override: l.price === null ? null : { price: l.price, reason: l.reason ?? '' },
              },
            ]
          : [],
      );
      const customLines = draft.lines.flatMap((l, index) =>
        l.variantId
          ? []
          : [{ title: l.title ?? '', price: l.price ?? 0, quantity: l.quantity, taxable: l.taxable, index }],
      );
      let order: Order;
      try {
        order = await placeParsed(
          trx,
          actor,
          {
            errors: [],
            known: { lines, customerId: draft.customerId },
            value: {
              lines,
              customLines,
              customerId: draft.customerId,
              email: draft.email,
              phone: draft.phone,
              shippingAddress: draft.shippingAddress,
              billingAddress: draft.billingAddress,
              shippingRateId: draft.shipping?.rateId ?? null,
              customShipping:
                draft.shipping && !draft.shipping.rateId
                  ? { title: draft.shipping.title ?? 'Shipping', price: draft.shipping.price ?? 0 }
                  : null,
              payment: input.markAsPaid ? { kind: 'SALE', gateway: 'manual', reference: null } : null,
              note: draft.note,
              tags: draft.tags,
              discountCode: draft.discountCode,
            },
          },
          { source: 'DRAFT' },
        );
      } catch (e) {
        throw e instanceof DomainError ? draftFields(e) : e;
      }
      const after = await updateDraft(trx, before.id, {
        status: 'COMPLETED',
        orderId: order.id,
        completedAt: new Date(),
        total: order.total,
      });
      await recordAudit(trx, actor, {
        action: 'draft_order.complete',
        subjectType: 'DraftOrder',
        subjectId: before.id,
        changes: {
          status: { before: 'OPEN', after: 'COMPLETED' },
          order_id: { before: null, after: order.id },
          total: { before: Number(before.total), after: Number(order.total) },
        },
      });
      return { draftId: after.id, orderId: order.id };
    },
    ['idempotencyKey'],
  );
  return { draft: (await findDraft(trx, draftId))!, order: (await findOrder(trx, orderId))! };
}
