import { DomainError, type OrderTotals } from '@stockroom/domain';
import { takeDiscountUse } from '../discounts/discount.service.js';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Customer } from '../customers/customer.model.js';
import type { Shop } from '../settings/settings.model.js';
import type { Order } from './order.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { idempotent } from '../../lib/idempotency.js';
import { recordAudit } from '../audit/audit.service.js';
import { commitForOrder, type Allocation } from '../inventory/order-stock.js';
import { customerAddressFromOrder } from '../customers/customer.service.js';
import { customerOrderPlaced } from '../customers/customer-figures.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { findOrder, linesInsert, insertOrder, insertTransaction } from './order.repository.js';
import { derivedStatus } from './order-lock.service.js';
import { actorName } from './order-payment.service.js';
import { parseOrderCreate, type OrderCreateParsed, type OrderCreateRaw } from './order-create-input.js';
import {
  orderDiscount,
  orderItems,
  orderTaxRate,
  totalsOf,
  withInputFields,
  type AppliedDiscount,
  type OrderItem,
  type SellableLine,
  type Shipping,
} from './order-create-pricing.js';
import {
  chosenRate,
  customerByEmail,
  customerName,
  existingCustomer,
  sellableVariants,
} from './order-create-checks.js';

export type { OrderCreateRaw } from './order-create-input.js';

export interface OrderCreateOptions {
  source?: Order['source'];
  idempotencyKey?: string | null;
}

/**
 * Places an order (SPEC §3, §4, §5): checks every line, the customer and the shipping rate, freezes
 * prices, tax and totals, commits stock, records the payment, updates the customer's figures and
 * writes the audit event, all in the caller's transaction. A repeat with the same idempotency key
 * answers the first order.
 */
export async function orderCreate(
  trx: Tx,
  actor: Actor,
  raw: OrderCreateRaw,
  options: OrderCreateOptions = {},
): Promise<Order> {
  const { idempotencyKey, ...request } = raw;
  // The order as placed (nothing changes it later in the transaction); a repeat reads the first one.
  let placed: Order | null = null;
  const { orderId } = await idempotent(trx, 'orderCreate', idempotencyKey, request, async () => {
    placed = await placeParsed(trx, actor, parseOrderCreate(raw), { ...options, idempotencyKey });
    return { orderId: placed.id };
  });
  return placed ?? (await findOrder(trx, orderId))!;
}

/** What placing reads before it writes: the parsed input, the variants sold and the customer named. */
type ParsedOrder = Pick<ReturnType<typeof parseOrderCreate>, 'value' | 'errors' | 'known'>;

/**
 * Places an order from checked input: orderCreate's, or a draft's (which may hold custom items,
 * price overrides and a custom shipping line). Fields of errors start with "input". The steps run
 * in this order on purpose: reads and the customer's lookup first, then the order's own rows, then
 * the contended stock levels as late as possible (held only until commit).
 */
export async function placeParsed(
  trx: Tx,
  actor: Actor,
  parsed: ParsedOrder,
  options: OrderCreateOptions,
): Promise<Order> {
  const settings = await storeSettings(trx);
  const { input, sellable, customer } = await checkedInput(trx, parsed);
  const items = orderItems(sellable, input);
  const taxRate = await orderTaxRate(trx, input, settings);
  const totalsWith = totalsOf(items, settings, taxRate);
  // The subtotal decides which rates apply; computing it with the limits checked keeps a huge
  // order a userError rather than an overflow.
  const before = totalsWith(0);
  const shipping = await chosenRate(trx, input, before.subtotal);
  const buyer = customer ?? (input.email ? await customerByEmail(trx, actor, input) : null);
  const discount = await orderDiscount(trx, input, items, before, shipping, buyer);
  const totals = totalsWith(shipping?.price ?? 0, discount?.discount ?? null);

  const placing: Placing = { actor, settings, input, items, totals, shipping, buyer, discount, taxRate };
  const order = await saveOrder(trx, placing, options);
  const name = `${settings.orderNumberPrefix}${order.number}`;
  await recordPayment(trx, placing, order);
  await auditPlaced(trx, placing, order, name);
  await takeStock(trx, placing, sellable, order, name);
  await afterStock(trx, placing, order, name);
  return order;
}

/** The input with its variants and customer checked; every problem found is reported at once. */
async function checkedInput(trx: Tx, parsed: ParsedOrder) {
  const errors = [...parsed.errors];
  const { known } = parsed;
  const sellable = await sellableVariants(trx, known.lines, errors);
  const customer = known.customerId ? await existingCustomer(trx, known.customerId, errors) : null;
  if (!parsed.value || errors.length) throw new DomainError(errors);
  return { input: parsed.value, sellable, customer };
}

/** The order as priced, and who places it: what the writing steps share. */
interface Placing {
  actor: Actor;
  settings: Shop;
  input: OrderCreateParsed;
  items: OrderItem[];
  totals: OrderTotals;
  shipping: Shipping;
  buyer: Customer | null;
  discount: AppliedDiscount | null;
  /** The rate the order is taxed at, kept on it: an edit taxes new lines at it (issue #32). */
  taxRate: string | null;
}

/** The order's row, its statuses derived from the payment it comes with. */
async function saveOrder(trx: Tx, placing: Placing, options: OrderCreateOptions): Promise<Order> {
  const { actor, settings, input, items, totals, shipping, buyer, discount, taxRate } = placing;
  const paid = input.payment
    ? [{ kind: input.payment.kind, status: 'SUCCESS' as const, amount: totals.total }]
    : [];
  const noneShipped = items.map((s) => ({
    quantity: s.quantity,
    fulfilledQuantity: 0,
    refundedQuantity: 0,
  }));
  return insertOrder(trx, {
    id: uuidv7(),
    ...derivedStatus({ total: totals.total }, paid, noneShipped),
    customerId: buyer?.id ?? null,
    email: input.email ?? (buyer?.state === 'ENABLED' ? buyer.email : null),
    phone: input.phone,
    currencyCode: settings.currencyCode,
    subtotal: totals.subtotal,
    shippingTotal: totals.shippingTotal,
    taxTotal: totals.taxTotal,
    discountTotal: totals.discountTotal,
    total: totals.total,
    // SQL null, not a JSON null, for an order without the address (the repository writes it so).
    shippingAddress: input.shippingAddress ?? null,
    billingAddress: input.billingAddress ?? null,
    source: options.source ?? 'API',
    idempotencyKey: options.idempotencyKey ?? null,
    note: input.note,
    tags: input.tags,
    customerName: customerName(buyer, input.shippingAddress, input.billingAddress),
    shippingRateId: shipping?.rateId ?? null,
    shippingName: shipping?.name ?? null,
    shippingPrice: shipping?.price ?? 0,
    shippingTax: totals.shippingTax,
    discountCode: discount?.code ?? null,
    discountId: discount?.discountId ?? null,
    itemsCount: items.reduce((n, s) => n + s.quantity, 0),
    pricesIncludeTax: settings.pricesIncludeTax,
    taxRate,
    createdBy: actor.viewer?.staffId ?? null,
  });
}

/** The payment the order came with (an authorization or a sale of its total), if any. */
async function recordPayment(trx: Tx, { actor, input, totals }: Placing, order: Order): Promise<void> {
  const payment = input.payment;
  if (!payment) return;
  await insertTransaction(trx, {
    id: uuidv7(),
    orderId: order.id,
    kind: payment.kind,
    amount: totals.total,
    gateway: payment.gateway,
    reference: payment.reference,
    staffId: actor.viewer?.staffId ?? null,
    actorName: actorName(actor),
  });
}

async function auditPlaced(trx: Tx, { actor, buyer, discount }: Placing, order: Order, name: string) {
  await recordAudit(trx, actor, {
    action: 'order.create',
    subjectType: 'Order',
    subjectId: order.id,
    changes: {
      name: { before: null, after: name },
      source: { before: null, after: order.source },
      total: { before: null, after: order.total },
      items_count: { before: null, after: order.itemsCount },
      payment_status: { before: null, after: order.paymentStatus },
      ...(buyer ? { customer_id: { before: null, after: buyer.id } } : {}),
      ...(discount ? { discount_code: { before: null, after: discount.code } } : {}),
    },
  });
}

/**
 * The stock last: its levels are the rows every order races for, so they are locked as late as
 * possible (commitForOrder locks them in one statement and writes them with the lines in one more)
 * and held only until commit. The lines name the location each was committed at, so they are
 * written with the stock; so is the customer's figures' row, the one row locked after the levels (a
 * cancel takes stock locks before the customer's row too, so the two never wait on each other) — in
 * the same statement, it adds no round trip while the levels are held.
 */
async function takeStock(
  trx: Tx,
  placing: Placing,
  sellable: readonly SellableLine[],
  order: Order,
  name: string,
): Promise<void> {
  const { actor, buyer, totals } = placing;
  await withInputFields(
    () =>
      commitForOrder(
        trx,
        actor,
        sellable.map((s) => ({ variantId: s.variant.id, quantity: s.quantity })),
        {
          origin: { orderId: order.id, note: `Order ${name}` },
          variants: sellable.map((s) => s.variant),
          alongside: (allocations) => [
            linesInsert(trx, orderLines(placing, order.id, allocations)),
            ...(buyer ? [customerOrderPlaced(trx, buyer.id, totals.total)] : []),
          ],
        },
      ),
    sellable.map((s) => s.index),
  );
}

/** The order's lines as priced, each catalog line at the location its stock was committed at. */
function orderLines({ items, totals }: Placing, orderId: string, allocations: Allocation[]) {
  const committedAt = new Map(allocations.map((a) => [a.variantId, a.locationId]));
  return items.map((item, i) => {
    const common = {
      id: uuidv7(),
      orderId,
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      discount: totals.lines[i]!.discount,
      tax: totals.lines[i]!.tax,
      position: i,
      taxable: item.taxable,
    };
    if (item.custom) {
      return {
        ...common,
        productId: null,
        variantId: null,
        productTitle: item.custom.title,
        variantTitle: 'Default',
        sku: null,
        locationId: null,
        custom: true,
        originalUnitPrice: null,
        priceOverrideReason: null,
      };
    }
    const { variant, override } = item.sold;
    return {
      ...common,
      productId: variant.productId,
      variantId: variant.id,
      productTitle: variant.productTitle,
      variantTitle: variant.title,
      sku: variant.sku,
      locationId: committedAt.get(variant.id) ?? null,
      custom: false,
      originalUnitPrice: override ? variant.price : null,
      priceOverrideReason: override?.reason ?? null,
    };
  });
}

/** What follows the stock: the customer keeps the address, and the discount's use is taken. */
async function afterStock(trx: Tx, { actor, input, buyer, discount }: Placing, order: Order, name: string) {
  // The address it ships to stays with the customer; their row is already locked by the figures.
  if (buyer && input.shippingAddress)
    await customerAddressFromOrder(trx, actor, buyer.id, { ...input.shippingAddress }, name);
  // After the stock and the customer's row, as a cancel gives the use back.
  if (discount) {
    await takeDiscountUse(trx, {
      discountId: discount.discountId,
      orderId: order.id,
      customerId: buyer?.id ?? null,
      field: ['input', 'discountCode'],
    });
  }
}
