import {
  applyDiscount,
  decodeIdOf,
  discountRefusal,
  discountSchema,
  DomainError,
  encodeId,
  formatMinor,
  MESSAGES,
  validate,
  type DiscountRule,
  type OrderDiscountInput,
  type UserError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Discount } from './discount.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import type { AuditChange } from '../audit/audit.model.js';
import { storeSettings } from '../settings/settings.service.js';
import { collectionIdsOfProducts, collectionsByIds } from '../catalog/collection.service.js';
import { productsByIds } from '../catalog/product.service.js';
import * as repo from './discount.repository.js';

/** A discount's input as the API receives it; product and collection ids are API ids. */
export interface DiscountInputRaw {
  code?: string | null;
  kind?: string | null;
  value?: string | null;
  appliesTo?: string | null;
  productIds?: string[] | null;
  collectionIds?: string[] | null;
  minimumSubtotal?: string | null;
  minimumQuantity?: number | null;
  startsAt?: Date | string | null;
  endsAt?: Date | string | null;
  usageLimit?: number | null;
  oncePerCustomer?: boolean | null;
  disabled?: boolean | null;
}

export interface DiscountTargets {
  productIds: string[];
  collectionIds: string[];
}

/** The rules of a stored discount, as the domain takes them. */
export function ruleOf(row: Discount, targets: DiscountTargets): DiscountRule {
  return {
    code: row.code,
    kind: row.kind,
    percentage: row.percentage === null ? null : String(Number(row.percentage)),
    amount: row.amount === null ? null : Number(row.amount),
    appliesTo: row.appliesTo,
    productIds: targets.productIds,
    collectionIds: targets.collectionIds,
    minimumSubtotal: row.minimumSubtotal === null ? null : Number(row.minimumSubtotal),
    minimumQuantity: row.minimumQuantity,
    startsAt: new Date(row.startsAt),
    endsAt: row.endsAt === null ? null : new Date(row.endsAt),
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    oncePerCustomer: row.oncePerCustomer,
    disabled: row.disabledAt !== null,
  };
}

/** The products and collections each discount names, keyed by discount id. */
export async function targetsOf(db: Executor, ids: readonly string[]): Promise<Map<string, DiscountTargets>> {
  const { products, collections } = await repo.targetsOfDiscounts(db, ids);
  const byId = new Map<string, DiscountTargets>(ids.map((id) => [id, { productIds: [], collectionIds: [] }]));
  for (const p of products) byId.get(p.discountId)?.productIds.push(p.productId);
  for (const c of collections) byId.get(c.discountId)?.collectionIds.push(c.collectionId);
  return byId;
}

function decodeAll(
  type: 'Product' | 'Collection',
  ids: string[] | null | undefined,
  field: string,
  errors: UserError[],
) {
  return (ids ?? []).flatMap((id, i) => {
    const uuid = decodeIdOf(type, String(id));
    if (!uuid)
      errors.push({
        code: 'INVALID',
        message: `This ${type.toLowerCase()} doesn't exist.`,
        field: ['input', field, String(i)],
      });
    return uuid ? [uuid] : [];
  });
}

/** Checks a whole discount (SPEC §5), every field at once: shape, targets that exist, a free code. */
async function checkedValues(trx: Tx, raw: DiscountInputRaw, exceptId: string | null) {
  const currency = (await storeSettings(trx)).currencyCode;
  const errors: UserError[] = [];
  const productIds = decodeAll('Product', raw.productIds, 'productIds', errors);
  const collectionIds = decodeAll('Collection', raw.collectionIds, 'collectionIds', errors);
  const parsed = validate(discountSchema(currency), { ...raw, productIds, collectionIds }, ['input']);
  if (!parsed.ok) errors.push(...parsed.errors);
  if (parsed.ok) {
    const v = parsed.value;
    const [products, collections] = await Promise.all([
      productsByIds(trx, v.productIds),
      collectionsByIds(trx, v.collectionIds),
    ]);
    const missing = (wanted: string[], found: { id: string }[], field: string, what: string) =>
      wanted.forEach((id, i) => {
        if (!found.some((f) => f.id === id))
          errors.push({
            code: 'INVALID',
            message: `This ${what} doesn't exist.`,
            field: ['input', field, String(i)],
          });
      });
    missing(v.productIds, products, 'productIds', 'product');
    missing(v.collectionIds, collections, 'collectionIds', 'collection');
    // Held to the end of the transaction: two saves of one code give one success and one TAKEN.
    await lockUniqueValues(trx, 'discount_code', [v.code]);
    const other = await repo.findDiscountByCode(trx, v.code);
    if (other && other.id !== exceptId) {
      errors.push({
        code: 'TAKEN',
        message: `The code ${other.code} is already used by another discount.`,
        field: ['input', 'code'],
        relatedId: other.id,
        relatedType: 'Discount',
      });
    }
  }
  if (!parsed.ok || errors.length) throw new DomainError(errors);
  return parsed.value;
}

function valuesOf(v: Awaited<ReturnType<typeof checkedValues>>): repo.DiscountValues {
  return {
    code: v.code,
    kind: v.kind,
    percentage: v.percentage,
    amount: v.amount,
    appliesTo: v.appliesTo,
    minimumSubtotal: v.minimumSubtotal,
    minimumQuantity: v.minimumQuantity,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    usageLimit: v.usageLimit,
    oncePerCustomer: v.oncePerCustomer,
    disabled: v.disabled,
  };
}

/** What an audit event records of a discount: its rules, in the API's words. */
function audited(row: Discount | null, targets: DiscountTargets | null): Record<string, unknown> {
  if (!row) return {};
  const rule = ruleOf(row, targets ?? { productIds: [], collectionIds: [] });
  return {
    code: rule.code,
    kind: rule.kind,
    value: rule.kind === 'PERCENTAGE' ? rule.percentage : rule.amount,
    applies_to: rule.appliesTo,
    products: [...rule.productIds].sort(),
    collections: [...rule.collectionIds].sort(),
    minimum_subtotal: rule.minimumSubtotal,
    minimum_quantity: rule.minimumQuantity,
    starts_at: rule.startsAt.toISOString(),
    ends_at: rule.endsAt?.toISOString() ?? null,
    usage_limit: rule.usageLimit,
    once_per_customer: rule.oncePerCustomer,
    disabled: rule.disabled,
  };
}

function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, AuditChange> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: b, after: a };
  }
  return changes;
}

/** The fields an input gives (left out: undefined), so defaults and stored values stay. */
const given = (raw: DiscountInputRaw): DiscountInputRaw =>
  Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));

export async function discountCreate(trx: Tx, actor: Actor, raw: DiscountInputRaw): Promise<Discount> {
  const v = await checkedValues(trx, { startsAt: new Date(), appliesTo: 'ALL', ...given(raw) }, null);
  const row = await repo.insertDiscount(trx, uuidv7(), valuesOf(v), actor.viewer?.staffId ?? null);
  await repo.replaceTargets(trx, row.id, v.productIds, v.collectionIds);
  await recordAudit(trx, actor, {
    action: 'discount.create',
    subjectType: 'Discount',
    subjectId: row.id,
    changes: changesBetween({}, audited(row, v)),
  });
  return row;
}

async function lockExisting(trx: Tx, id: string, version?: number | null): Promise<Discount> {
  const row = await repo.lockDiscount(trx, id);
  if (!row) throw DomainError.one('INVALID', 'This discount does not exist.', ['id']);
  if (version != null && version !== row.version)
    throw DomainError.one('STALE_VERSION', MESSAGES.staleVersion('discount'), ['version']);
  return row;
}

/** The stored discount as an input, so an update can leave fields out. */
function rawOf(row: Discount, targets: DiscountTargets, currency: string): DiscountInputRaw {
  const rule = ruleOf(row, targets);
  return {
    code: rule.code,
    kind: rule.kind,
    value:
      rule.kind === 'PERCENTAGE'
        ? rule.percentage
        : rule.kind === 'FIXED_AMOUNT'
          ? formatMinor(rule.amount ?? 0, currency)
          : null,
    appliesTo: rule.appliesTo,
    minimumSubtotal: rule.minimumSubtotal === null ? null : formatMinor(rule.minimumSubtotal, currency),
    minimumQuantity: rule.minimumQuantity,
    startsAt: rule.startsAt,
    endsAt: rule.endsAt,
    usageLimit: rule.usageLimit,
    oncePerCustomer: rule.oncePerCustomer,
    disabled: rule.disabled,
  };
}

/** discountUpdate: fields left out keep their values; a used discount's orders keep what they got. */
export async function discountUpdate(
  trx: Tx,
  actor: Actor,
  input: { id: string; raw: DiscountInputRaw; version?: number | null },
): Promise<Discount> {
  const before = await lockExisting(trx, input.id, input.version);
  const targets = (await targetsOf(trx, [before.id])).get(before.id)!;
  const currency = (await storeSettings(trx)).currencyCode;
  const current: DiscountInputRaw = {
    ...rawOf(before, targets, currency),
    productIds: targets.productIds.map((id) => encodeId('Product', id)),
    collectionIds: targets.collectionIds.map((id) => encodeId('Collection', id)),
  };
  const v = await checkedValues(trx, { ...current, ...given(input.raw) }, before.id);
  const after = await repo.updateDiscount(trx, before.id, valuesOf(v));
  await repo.replaceTargets(trx, before.id, v.productIds, v.collectionIds);
  await recordAudit(trx, actor, {
    action: 'discount.update',
    subjectType: 'Discount',
    subjectId: before.id,
    changes: changesBetween(audited(before, targets), audited(after, v)),
  });
  return after;
}

/** discountDelete: only a code no order carries; a used one is disabled instead. */
export async function discountDelete(trx: Tx, actor: Actor, id: string): Promise<string> {
  const before = await lockExisting(trx, id);
  const used = await repo.ordersWithDiscount(trx, before.id);
  if (used > 0) {
    throw DomainError.one(
      'HAS_DEPENDENTS',
      `This code is on ${used.toLocaleString('en-US')} ${used === 1 ? 'order' : 'orders'}; disable it instead.`,
      ['id'],
    );
  }
  const targets = (await targetsOf(trx, [before.id])).get(before.id)!;
  await repo.deleteDiscount(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'discount.delete',
    subjectType: 'Discount',
    subjectId: before.id,
    changes: changesBetween(audited(before, targets), {}),
  });
  return before.id;
}

// ---- Using a code on an order ----

/** What an order (or a draft as it would be placed) offers a code. */
export interface DiscountOrderFacts {
  lines: readonly { productId: string | null; subtotal: number; quantity: number }[];
  /** The shipping line's price; null without one. */
  shippingPrice: number | null;
  customerId: string | null;
  /** A customer, or an email that will make one. */
  hasCustomer: boolean;
}

export type CodeApplication =
  | { ok: true; discountId: string; code: string; discount: OrderDiscountInput }
  | { ok: false; message: string };

/**
 * SPEC §3–§5: whether the code applies to this order, and to which lines; the reason in words when
 * it does not. Reads only: the use is taken when the order is placed (takeDiscountUse).
 */
export async function applyDiscountCode(
  db: Executor,
  code: string,
  facts: DiscountOrderFacts,
): Promise<CodeApplication> {
  const row = await repo.findDiscountByCode(db, code.trim());
  if (!row) return { ok: false, message: `There is no discount code “${code.trim()}”.` };
  const settings = await storeSettings(db);
  const targets = (await targetsOf(db, [row.id])).get(row.id)!;
  const productIds = facts.lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const collections =
    row.appliesTo === 'COLLECTIONS'
      ? await collectionIdsOfProducts(db, productIds)
      : new Map<string, string[]>();
  const usedByCustomer =
    row.oncePerCustomer && facts.customerId
      ? await repo.customerUsed(db, row.id, facts.customerId, null)
      : false;
  const result = applyDiscount(ruleOf(row, targets), {
    lines: facts.lines.map((l) => ({
      ...l,
      collectionIds: l.productId ? (collections.get(l.productId) ?? []) : [],
    })),
    shippingPrice: facts.shippingPrice,
    currencyCode: settings.currencyCode,
    timeZone: settings.timezone,
    now: new Date(),
    hasCustomer: facts.hasCustomer,
    usedByCustomer,
  });
  return result.ok ? { ok: true, discountId: row.id, code: row.code, discount: result.discount } : result;
}

/**
 * Issue #32, an order edit: the code an order was placed with, applied again to the order as the
 * edit leaves it. The order holds its use already, so the code's dates, usage limit and
 * once-per-customer no longer matter; which lines it discounts is decided as when placing. When the
 * lines no longer reach its minimum, `minimumNotMet` says so in words and `discount` is what the
 * code gives without its minimum (kept only with a reason). Null when the code no longer exists.
 */
export async function keptDiscountCode(
  db: Executor,
  discountId: string,
  facts: DiscountOrderFacts,
): Promise<{ code: string; discount: OrderDiscountInput | null; minimumNotMet: string | null } | null> {
  const row = await repo.findDiscount(db, discountId);
  if (!row) return null;
  const settings = await storeSettings(db);
  const targets = (await targetsOf(db, [row.id])).get(row.id)!;
  const productIds = facts.lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const collections =
    row.appliesTo === 'COLLECTIONS'
      ? await collectionIdsOfProducts(db, productIds)
      : new Map<string, string[]>();
  const rule = {
    ...ruleOf(row, targets),
    disabled: false,
    startsAt: new Date(0),
    endsAt: null,
    usageLimit: null,
    oncePerCustomer: false,
  };
  const cart = {
    lines: facts.lines.map((l) => ({
      ...l,
      collectionIds: l.productId ? (collections.get(l.productId) ?? []) : [],
    })),
    shippingPrice: facts.shippingPrice,
    currencyCode: settings.currencyCode,
    timeZone: settings.timezone,
    now: new Date(),
    hasCustomer: facts.hasCustomer,
    usedByCustomer: false,
  };
  const met = applyDiscount(rule, cart);
  if (met.ok) return { code: row.code, discount: met.discount, minimumNotMet: null };
  const loose = applyDiscount({ ...rule, minimumSubtotal: null, minimumQuantity: null }, cart);
  return loose.ok
    ? { code: row.code, discount: loose.discount, minimumNotMet: met.message }
    : { code: row.code, discount: null, minimumNotMet: null };
}

/**
 * Takes the order's use of its code, last in placing it (after the stock and the customer's row,
 * the order a cancel takes them in). Under the discount's row lock, the limit and once-per-customer
 * are checked again against every order committed before: of racing orders, exactly as many get the
 * code as it has uses left. `field` names the code in the caller's input.
 */
export async function takeDiscountUse(
  trx: Tx,
  use: { discountId: string; orderId: string; customerId: string | null; field: string[] },
): Promise<void> {
  const row = await repo.takeUse(trx, use.discountId);
  const settings = await storeSettings(trx);
  const refusal = row
    ? discountRefusal(
        // The count before this order's use decides, as it did when the code was applied.
        { ...ruleOf(row, { productIds: [], collectionIds: [] }), usageCount: row.usageCount - 1 },
        {
          now: new Date(),
          timeZone: settings.timezone,
          hasCustomer: use.customerId !== null,
          usedByCustomer:
            row.oncePerCustomer && use.customerId !== null
              ? await repo.customerUsed(trx, row.id, use.customerId, use.orderId)
              : false,
        },
      )
    : 'This discount code no longer exists.';
  if (refusal) throw DomainError.one('DISCOUNT_NOT_APPLICABLE', refusal, use.field);
}

/** A cancelled order gives its use of the code back. */
export async function giveDiscountUseBack(trx: Tx, discountId: string | null): Promise<void> {
  if (discountId) await repo.giveUseBack(trx, discountId);
}
