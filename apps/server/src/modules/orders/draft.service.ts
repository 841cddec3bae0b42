import { computeOrderTotals, countryName, DomainError, MESSAGES, type UserError } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { DraftOrderLineRow, DraftOrderRow, OrderRow } from './order.tables.js';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { applicableShippingRates } from '../shipping/shipping.service.js';
import { computeTax } from '../shipping/tax.service.js';
import { customerName } from './order-create-checks.js';
import { findCustomerForOrder, variantsForSale } from './order-context.repository.js';
import { placeParsed } from './order-create.service.js';
import { findOrder } from './order.repository.js';
import {
  deleteDraft,
  findDraft,
  insertDraft,
  linesOfDrafts,
  lockDraft,
  replaceDraftLines,
  updateDraft,
} from './draft.repository.js';
import { parseDraftInput, type DraftLineValue, type DraftOrderRaw, type DraftValues } from './draft-input.js';

export type { DraftOrderRaw } from './draft-input.js';

/** A draft with every field known (a stored draft, or a new one with defaults). */
type FullDraft = Required<DraftValues>;

export interface DraftFigures {
  lines: { unitPrice: number; subtotal: number; discount: number; tax: number; total: number }[];
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  total: number;
  itemsCount: number;
  pricesIncludeTax: boolean;
  taxRate: string | null;
  taxName: string | null;
  availableRates: { id: string; name: string; price: number }[];
}

const EMPTY: FullDraft = {
  customerId: null,
  email: null,
  phone: null,
  shippingAddress: null,
  billingAddress: null,
  lines: [],
  shipping: null,
  note: null,
  tags: [],
};

/** A catalog line whose variant was deleted since: kept (to show), refused at completion. */
const GONE_TITLE = 'Item no longer in the catalog';

/** A stored draft as the values a save or a calculation takes. */
export function draftValues(draft: DraftOrderRow, lines: DraftOrderLineRow[]): FullDraft {
  return {
    customerId: draft.customer_id,
    email: draft.email,
    phone: draft.phone,
    shippingAddress: draft.shipping_address,
    billingAddress: draft.billing_address,
    lines: lines.map((l) => ({
      variantId: l.variant_id,
      title: l.custom ? l.title : l.variant_id ? null : GONE_TITLE,
      price: l.price === null ? null : Number(l.price),
      reason: l.price_override_reason,
      quantity: l.quantity,
      taxable: l.taxable,
    })),
    shipping:
      draft.shipping_rate_id || draft.shipping_title
        ? {
            rateId: draft.shipping_rate_id,
            title: draft.shipping_title,
            price: draft.shipping_price === null ? null : Number(draft.shipping_price),
          }
        : null,
    note: draft.note,
    tags: draft.tags,
  };
}

/** Domain helpers name fields relative to what they were given; the API names them from the input. */
function inputFields<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    throw new DomainError(
      e.errors.map((u) => ({ ...u, field: u.field ? ['input', ...u.field] : ['input', 'lines'] })),
    );
  }
}

/**
 * The money of a draft as it would be placed now (SPEC §2: totals computed on the server): current
 * catalog prices unless overridden, tax of the shipping (else billing, else store) address, and the
 * shipping rates that apply to the address and subtotal. `check` refuses what completing would
 * refuse (unknown variants, products not for sale, a rate that does not apply); `read` shows a
 * stored draft whatever changed since.
 */
export async function calculateDraft(
  db: Executor,
  draft: FullDraft,
  mode: 'check' | 'read',
): Promise<DraftFigures> {
  const settings = await storeSettings(db);
  const currency = settings.currency_code.trim();
  const errors: UserError[] = [];
  const ids = draft.lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
  const variants = new Map((await variantsForSale(db, ids)).map((v) => [v.id, v]));
  const priced = draft.lines.map((line, i) => {
    if (!line.variantId)
      return { unitPrice: line.price ?? 0, quantity: line.quantity, taxable: line.taxable };
    const variant = variants.get(line.variantId);
    const field = ['input', 'lines', String(i), 'variantId'];
    if (!variant) errors.push({ code: 'INVALID', message: "This variant doesn't exist.", field });
    else if (variant.product_status !== 'ACTIVE') {
      const what = variant.product_status === 'ARCHIVED' ? 'is archived' : 'is a draft';
      errors.push({ code: 'INVALID', message: `${variant.product_title} ${what} and can't be sold.`, field });
    }
    return { unitPrice: line.price ?? variant?.price ?? 0, quantity: line.quantity, taxable: true };
  });
  if (mode === 'check' && errors.length) throw new DomainError(errors);

  const taxPlace = draft.shippingAddress ?? draft.billingAddress ?? settings.address;
  const rate = taxPlace?.countryCode
    ? (await computeTax(db, { countryCode: taxPlace.countryCode, region: taxPlace.region }, [], 0)).rate
    : null;
  const totalsWith = (shippingPrice: number) =>
    inputFields(() =>
      computeOrderTotals({
        currencyCode: currency,
        lines: priced,
        shippingPrice,
        taxRate: rate?.rate ?? null,
        pricesIncludeTax: settings.prices_include_tax,
      }),
    );
  const subtotal = priced.length ? totalsWith(0).subtotal : 0;
  const country = draft.shippingAddress?.countryCode;
  const available = country ? await applicableShippingRates(db, country, subtotal) : [];
  let shippingPrice = 0;
  const s = draft.shipping;
  if (s?.rateId) {
    const match = available.find((a) => a.rate.id === s.rateId);
    if (match) shippingPrice = match.price;
    else if (mode === 'check') {
      throw DomainError.one(
        'INVALID',
        country
          ? `This shipping rate doesn't apply to orders to ${countryName(country)} of this subtotal.`
          : 'Enter the shipping address to ship with a rate.',
        ['input', 'shipping', 'shippingRateId'],
      );
    }
  } else if (s) shippingPrice = s.price ?? 0;

  const totals = priced.length ? totalsWith(shippingPrice) : null;
  return {
    lines: priced.map((p, i) => ({
      unitPrice: p.unitPrice,
      subtotal: totals!.lines[i]!.subtotal,
      discount: totals!.lines[i]!.discount,
      tax: totals!.lines[i]!.tax,
      total: totals!.lines[i]!.total,
    })),
    subtotal,
    discountTotal: totals?.discountTotal ?? 0,
    shippingTotal: totals?.shippingTotal ?? shippingPrice,
    taxTotal: totals?.taxTotal ?? 0,
    total: totals?.total ?? shippingPrice,
    itemsCount: draft.lines.reduce((n, l) => n + l.quantity, 0),
    pricesIncludeTax: settings.prices_include_tax,
    taxRate: rate?.rate ?? null,
    taxName: rate?.name ?? null,
    availableRates: available.map((a) => ({ id: a.rate.id, name: a.rate.name, price: a.price })),
  };
}

/** draftOrderCalculate: the figures of a draft being edited; writes nothing. */
export async function draftOrderCalculate(db: Executor, raw: DraftOrderRaw): Promise<DraftFigures> {
  const currency = (await storeSettings(db)).currency_code.trim();
  const values = { ...EMPTY, ...parseDraftInput(raw, currency) };
  return calculateDraft(db, values, 'check');
}

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

function lineRows(draftId: string, lines: DraftLineValue[]) {
  return lines.map((l, i) => ({
    id: uuidv7(),
    draft_order_id: draftId,
    position: i,
    variant_id: l.variantId,
    custom: l.variantId === null && l.title !== GONE_TITLE,
    title: l.variantId ? null : l.title,
    price: l.price,
    price_override_reason: l.variantId ? l.reason : null,
    quantity: l.quantity,
    taxable: l.taxable,
  }));
}

/** The stored columns of a draft's values (lines aside). */
async function draftColumns(trx: Tx, draft: FullDraft, figures: DraftFigures) {
  const customer = await checkedCustomer(trx, draft.customerId);
  return {
    customer_id: draft.customerId,
    customer_name: customerName(customer, draft.shippingAddress, draft.billingAddress),
    email: draft.email,
    phone: draft.phone,
    shipping_address: draft.shippingAddress && JSON.stringify(draft.shippingAddress),
    billing_address: draft.billingAddress && JSON.stringify(draft.billingAddress),
    shipping_rate_id: draft.shipping?.rateId ?? null,
    shipping_title: draft.shipping?.rateId ? null : (draft.shipping?.title ?? null),
    shipping_price: draft.shipping?.rateId ? null : (draft.shipping?.price ?? null),
    note: draft.note,
    tags: draft.tags,
    items_count: figures.itemsCount,
    total: figures.total,
  };
}

export const draftName = (d: Pick<DraftOrderRow, 'number'>) => `#D${d.number}`;

/** draftOrderCreate (SPEC §2 `/drafts/new`): nothing is reserved; the totals are saved for the list. */
export async function draftOrderCreate(trx: Tx, actor: Actor, raw: DraftOrderRaw): Promise<DraftOrderRow> {
  const currency = (await storeSettings(trx)).currency_code.trim();
  const draft = { ...EMPTY, ...parseDraftInput(raw, currency) };
  const figures = await calculateDraft(trx, draft, 'check');
  const id = uuidv7();
  const row = await insertDraft(trx, {
    id,
    ...(await draftColumns(trx, draft, figures)),
    created_by: actor.viewer?.staffId ?? null,
  });
  await replaceDraftLines(trx, id, lineRows(id, draft.lines));
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

async function lockOpenDraft(trx: Tx, id: string, version?: number | null): Promise<DraftOrderRow> {
  const draft = await lockDraft(trx, id);
  if (!draft) throw DomainError.one('INVALID', 'This draft order does not exist.', ['id']);
  if (draft.status === 'COMPLETED') {
    const order = draft.order_id ? await findOrder(trx, draft.order_id) : null;
    const settings = await storeSettings(trx);
    throw DomainError.one(
      'INVALID_TRANSITION',
      order
        ? `This draft is already completed as order ${settings.order_number_prefix}${order.number}.`
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
  'customer_id',
  'email',
  'phone',
  'note',
  'tags',
  'total',
  'items_count',
  'shipping_title',
] as const;

/** draftOrderUpdate: fields left out keep their values; lines, when given, replace all of them. */
export async function draftOrderUpdate(
  trx: Tx,
  actor: Actor,
  input: { id: string; raw: DraftOrderRaw; version?: number | null },
): Promise<DraftOrderRow> {
  const before = await lockOpenDraft(trx, input.id, input.version);
  const currency = (await storeSettings(trx)).currency_code.trim();
  const given = parseDraftInput(input.raw, currency);
  const current = draftValues(before, await linesOfDrafts(trx, [before.id]));
  const draft: FullDraft = { ...current, ...given };
  const figures = await calculateDraft(trx, draft, 'check');
  const after = await updateDraft(trx, before.id, await draftColumns(trx, draft, figures));
  if (given.lines) await replaceDraftLines(trx, before.id, lineRows(before.id, given.lines));
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of AUDITED) {
    const b = before[key] === null ? null : JSON.stringify(before[key]);
    const a = after[key] === null ? null : JSON.stringify(after[key]);
    if (a !== b) changes[key] = { before: before[key], after: after[key] };
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
): Promise<{ draft: DraftOrderRow; order: OrderRow }> {
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
        if (!r.custom && !r.variant_id)
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
      let order: OrderRow;
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
            },
          },
          { source: 'DRAFT' },
        );
      } catch (e) {
        throw e instanceof DomainError ? draftFields(e) : e;
      }
      const after = await updateDraft(trx, before.id, {
        status: 'COMPLETED',
        order_id: order.id,
        completed_at: new Date(),
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
