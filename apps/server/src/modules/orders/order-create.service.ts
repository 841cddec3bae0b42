import { computeOrderTotals, DomainError, type OrderDiscountInput } from '@stockroom/domain';
import { applyDiscountCode, takeDiscountUse } from '../discounts/discount.service.js';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Order } from './order.model.js';
import { uuidv7 } from '../../lib/uuid.js';
import { idempotent } from '../../lib/idempotency.js';
import { recordAudit } from '../audit/audit.service.js';
import { commitForOrder, type Allocation } from '../inventory/order-stock.js';
import { customerAddressFromOrder } from '../customers/customer.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { taxRateFor } from '../shipping/tax.service.js';
import {
  customerFiguresUpdate,
  findOrder,
  linesInsert,
  insertOrder,
  insertTransaction,
} from './order.repository.js';
import { derivedStatus } from './order-lock.service.js';
import { actorName } from './order-payment.service.js';
import { parseOrderCreate, type OrderCreateRaw } from './order-create-input.js';
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
    placed = await place(trx, actor, raw, { ...options, idempotencyKey });
    return { orderId: placed.id };
  });
  return placed ?? (await findOrder(trx, orderId))!;
}

async function place(trx: Tx, actor: Actor, raw: OrderCreateRaw, options: OrderCreateOptions) {
  const parsed = parseOrderCreate(raw);
  return placeParsed(trx, actor, parsed, options);
}

/**
 * Places an order from checked input: orderCreate's, or a draft's (which may hold custom items,
 * price overrides and a custom shipping line). Fields of errors start with "input".
 */
export async function placeParsed(
  trx: Tx,
  actor: Actor,
  parsed: Pick<ReturnType<typeof parseOrderCreate>, 'value' | 'errors' | 'known'>,
  options: OrderCreateOptions,
): Promise<Order> {
  const errors = [...parsed.errors];
  const input = parsed.value;
  const settings = await storeSettings(trx);
  const currency = settings.currencyCode;
  const { known } = parsed;
  const sellable = await sellableVariants(trx, known.lines, errors);
  const customer = known.customerId ? await existingCustomer(trx, known.customerId, errors) : null;
  if (!input || errors.length) throw new DomainError(errors);

  // Catalog and custom lines in the order they were entered.
  const items = [
    ...sellable.map((s) => ({
      index: s.index,
      unitPrice: s.override?.price ?? s.variant.price,
      quantity: s.quantity,
      taxable: true,
      sold: s,
      custom: null,
    })),
    ...input.customLines.map((c) => ({
      index: c.index,
      unitPrice: c.price,
      quantity: c.quantity,
      taxable: c.taxable,
      sold: null,
      custom: c,
    })),
  ].sort((x, y) => x.index - y.index);

  const taxPlace = input.shippingAddress ?? input.billingAddress ?? settings.address;
  const taxRate = taxPlace?.countryCode
    ? ((await taxRateFor(trx, { countryCode: taxPlace.countryCode, region: taxPlace.region }))?.rate ?? null)
    : null;
  const totalsWith = (shippingPrice: number, discount: OrderDiscountInput | null = null) =>
    withInputFields(
      () =>
        computeOrderTotals({
          currencyCode: currency,
          lines: items.map((i) => ({ unitPrice: i.unitPrice, quantity: i.quantity, taxable: i.taxable })),
          shippingPrice,
          discount,
          taxRate,
          pricesIncludeTax: settings.pricesIncludeTax,
        }),
      items.map((i) => i.index),
    );
  // The subtotal decides which rates apply; computing it with the limits checked keeps a huge
  // order a userError rather than an overflow.
  const before = totalsWith(0);
  const shipping = await chosenRate(trx, input, before.subtotal);
  const buyer = customer ?? (input.email ? await customerByEmail(trx, actor, input) : null);
  const discount = input.discountCode
    ? await applyDiscountCode(trx, input.discountCode, {
        lines: items.map((item, i) => ({
          productId: item.sold?.variant.productId ?? null,
          subtotal: before.lines[i]!.subtotal,
          quantity: item.quantity,
        })),
        shippingPrice: shipping ? shipping.price : null,
        customerId: buyer?.id ?? null,
        hasCustomer: buyer !== null,
      })
    : null;
  if (discount && !discount.ok)
    throw DomainError.one('DISCOUNT_NOT_APPLICABLE', discount.message, ['input', 'discountCode']);
  const totals = totalsWith(shipping?.price ?? 0, discount?.discount ?? null);

  const id = uuidv7();
  const payment = input.payment;
  const paid = payment ? [{ kind: payment.kind, status: 'SUCCESS' as const, amount: totals.total }] : [];
  const noneShipped = items.map((s) => ({
    quantity: s.quantity,
    fulfilledQuantity: 0,
    refundedQuantity: 0,
  }));
  const order = await insertOrder(trx, {
    id,
    ...derivedStatus({ total: totals.total }, paid, noneShipped),
    customerId: buyer?.id ?? null,
    email: input.email ?? (buyer?.state === 'ENABLED' ? buyer.email : null),
    phone: input.phone,
    currencyCode: currency,
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
    createdBy: actor.viewer?.staffId ?? null,
  });
  const name = `${settings.orderNumberPrefix}${order.number}`;
  if (payment) {
    await insertTransaction(trx, {
      id: uuidv7(),
      orderId: id,
      kind: payment.kind,
      amount: totals.total,
      gateway: payment.gateway,
      reference: payment.reference,
      staffId: actor.viewer?.staffId ?? null,
      actorName: actorName(actor),
    });
  }
  await recordAudit(trx, actor, {
    action: 'order.create',
    subjectType: 'Order',
    subjectId: id,
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

  // The stock last: its levels are the rows every order races for, so they are locked as late as
  // possible (commitForOrder locks them in one statement and writes them with the lines in one
  // more) and held only until commit.
  const lines = (allocations: Allocation[]) => {
    const committedAt = new Map(allocations.map((a) => [a.variantId, a.locationId]));
    return items.map((item, i) => {
      const common = {
        id: uuidv7(),
        orderId: id,
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
  };
  // The lines name the location each was committed at, so they are written with the stock; so is
  // the customer's figures' row, the one row locked after the levels (a cancel takes stock locks
  // before the customer's row too, so the two never wait on each other) — in the same statement,
  // it adds no round trip while the levels are held.
  await withInputFields(
    () =>
      commitForOrder(
        trx,
        actor,
        sellable.map((s) => ({ variantId: s.variant.id, quantity: s.quantity })),
        {
          origin: { orderId: id, note: `Order ${name}` },
          variants: sellable.map((s) => s.variant),
          alongside: (allocations) => [
            linesInsert(trx, lines(allocations)),
            ...(buyer ? [customerFiguresUpdate(trx, buyer.id, totals.total)] : []),
          ],
        },
      ),
    sellable.map((s) => s.index),
  );
  // The address it ships to stays with the customer; their row is already locked by the figures.
  if (buyer && input.shippingAddress)
    await customerAddressFromOrder(trx, actor, buyer.id, { ...input.shippingAddress }, name);
  // After the stock and the customer's row, as a cancel gives the use back.
  if (discount) {
    await takeDiscountUse(trx, {
      discountId: discount.discountId,
      orderId: id,
      customerId: buyer?.id ?? null,
      field: ['input', 'discountCode'],
    });
  }
  return order;
}

/**
 * Domain helpers name fields relative to what they were given (["lines", "2"]); the API names them
 * from the mutation's input, and an error about the whole order points at its lines.
 */
function withInputFields<T>(work: () => T, indexes: readonly number[]): T {
  const remap = (e: unknown): never => {
    if (!(e instanceof DomainError)) throw e;
    throw new DomainError(
      e.errors.map((u) => {
        if (!u.field) return { ...u, field: ['input', 'lines'] };
        // Lines are named by their place in what was given, which may differ from the list computed.
        const at =
          u.field[0] === 'lines' && u.field[1] !== undefined ? indexes[Number(u.field[1])] : undefined;
        const field = ['input', ...(at === undefined ? u.field : ['lines', String(at), ...u.field.slice(2)])];
        // Stock is short on a line: point at its quantity, the field to change.
        if (u.code === 'INSUFFICIENT_STOCK' && field.length === 3) field.push('quantity');
        return { ...u, field };
      }),
    );
  };
  try {
    const result = work();
    return result instanceof Promise ? (result.catch(remap) as T) : result;
  } catch (e) {
    return remap(e);
  }
}
