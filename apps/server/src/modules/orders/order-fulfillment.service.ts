import {
  checkFulfillQuantity,
  checkOrderAction,
  decodeIdOf,
  unfulfilledQuantity,
  type UserError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import type { Fulfillment, OrderLine, Order } from './order.model.js';
import { DomainError } from '@stockroom/domain';
import { idempotent } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/uuid.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  moveCommitment,
  takeForFulfillment,
  type Allocation,
  type MovementOrigin,
} from '../inventory/order-stock.js';
import { lockLevels } from '../inventory/stock.js';
import { storeSettings } from '../settings/settings.service.js';
import {
  addFulfilledQuantities,
  findFulfillment,
  findShipFrom,
  firstActiveShipFrom,
  shipFromByIds,
  type ShipFrom,
  insertFulfillment,
  nextFulfillmentPosition,
  setLineLocations,
} from './fulfillment.repository.js';
import { loadOrderForAction, refreshOrderStatus, type LoadedOrder } from './order-lock.service.js';
import { findOrder } from './order.repository.js';
import { carrierName, trackingUrlFor } from './tracking.js';

export interface OrderFulfillInput {
  /** API ids, decoded here so each bad one is reported at its own field. */
  orderId: string;
  locationId?: string | null;
  lines?: { lineId: string; quantity: number }[] | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** A retry with the same key (a double Enter, a lost answer) ships nothing more and answers the first shipment. */
  idempotencyKey?: string | null;
}

export interface FulfillPick {
  line: OrderLine;
  quantity: number;
  /** Where the person chose this line (input.lines.i.quantity); none when every line was taken by default. */
  field?: string[];
}

interface Tracking {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** A line whose units are counted in stock: committed somewhere, and its variant still exists. */
export const movesStock = (line: OrderLine): line is OrderLine & { locationId: string; variantId: string } =>
  line.locationId !== null && line.variantId !== null;

/** The fulfillment's name, as on packing slips: "#1001-F2". */
export async function fulfillmentName(trx: Tx, order: Order, position: number): Promise<string> {
  return `${await orderName(trx, order)}-F${position}`;
}

/** The order's name as the store numbers it: "#1001" (the prefix is the store's). */
export async function orderName(trx: Executor, order: Pick<Order, 'number'>): Promise<string> {
  return `${(await storeSettings(trx)).orderNumberPrefix}${order.number}`;
}

/**
 * What the stock history says about a movement an order made (issue #26 §3): the order's id, so it
 * links to the order, and a note naming it as the seed's demo rows do ("Order #1001-F2 cancelled").
 */
export async function orderOrigin(
  trx: Executor,
  order: Pick<Order, 'id' | 'number'>,
  what: (name: string) => string = (name) => `Order ${name}`,
): Promise<MovementOrigin> {
  return { orderId: order.id, note: what(await orderName(trx, order)) };
}

function checkTracking(input: OrderFulfillInput): Tracking {
  const errors: UserError[] = [];
  const text = (value: string | null | undefined, max: number, field: string) => {
    const trimmed = value?.trim() || null;
    if (trimmed && trimmed.length > max)
      errors.push({ code: 'TOO_LONG', message: `Use at most ${max} characters.`, field: ['input', field] });
    return trimmed;
  };
  const carrier = carrierName(text(input.carrier, 255, 'carrier'));
  const trackingNumber = text(input.trackingNumber, 255, 'trackingNumber');
  let trackingUrl = text(input.trackingUrl, 2048, 'trackingUrl');
  if (trackingUrl && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(trackingUrl))
    errors.push({
      code: 'INVALID',
      message: 'Enter the full web address, starting with https://.',
      field: ['input', 'trackingUrl'],
    });
  trackingUrl ??= trackingUrlFor(carrier, trackingNumber);
  if (errors.length) throw new DomainError(errors);
  return { carrier, trackingNumber, trackingUrl };
}

/** What to ship: every unshipped unit by default, else the chosen lines, each checked against what is left. */
function pickLines(lines: OrderLine[], chosen: OrderFulfillInput['lines']): FulfillPick[] {
  const left = (line: OrderLine) =>
    unfulfilledQuantity({
      quantity: line.quantity,
      fulfilledQuantity: line.fulfilledQuantity,
      refundedQuantity: line.refundedQuantity,
    });
  if (chosen == null) {
    const all = lines.filter((l) => left(l) > 0).map((line) => ({ line, quantity: left(line) }));
    // Every unit refunded before it shipped: there is nothing to put in a parcel.
    if (!all.length) throw DomainError.one('INVALID_TRANSITION', 'Nothing is left to fulfill on this order.');
    return all;
  }
  if (!chosen.length)
    throw DomainError.one('REQUIRED', 'Choose at least one item to fulfill.', ['input', 'lines']);
  const errors: UserError[] = [];
  const picks: FulfillPick[] = [];
  const seen = new Set<string>();
  chosen.forEach((c, i) => {
    const at = ['input', 'lines', String(i)];
    const uuid = decodeIdOf('OrderLine', c.lineId);
    const line = uuid ? lines.find((l) => l.id === uuid) : undefined;
    if (!line) {
      errors.push({ code: 'INVALID', message: 'This item is not on this order.', field: [...at, 'lineId'] });
      return;
    }
    if (seen.has(line.id)) {
      errors.push({ code: 'INVALID', message: 'This item is listed twice.', field: [...at, 'lineId'] });
      return;
    }
    seen.add(line.id);
    const wrong = checkFulfillQuantity(
      {
        quantity: line.quantity,
        fulfilledQuantity: line.fulfilledQuantity,
        refundedQuantity: line.refundedQuantity,
      },
      c.quantity,
      [...at, 'quantity'],
    );
    if (wrong) errors.push(...wrong.errors);
    else picks.push({ line, quantity: c.quantity, field: [...at, 'quantity'] });
  });
  if (errors.length) throw new DomainError(errors);
  return picks;
}

/**
 * Where to ship from: the chosen location (active), else where the items' stock is committed; a
 * shipment of untracked items only comes from the first location by fulfillment priority.
 */
export async function chooseLocation(
  trx: Tx,
  picks: FulfillPick[],
  locationId: string | null | undefined,
  field: string[] = ['input', 'locationId'],
): Promise<ShipFrom> {
  if (locationId != null) {
    const uuid = decodeIdOf('Location', locationId);
    const location = uuid ? await findShipFrom(trx, uuid) : null;
    if (!location) throw DomainError.one('INVALID', 'This location does not exist.', field);
    if (!location.active)
      throw DomainError.one('INVALID', `${location.name} is inactive; ship from an active location.`, field);
    return location;
  }
  const committedAt = [...new Set(picks.filter((p) => movesStock(p.line)).map((p) => p.line.locationId!))];
  if (committedAt.length === 1) return (await findShipFrom(trx, committedAt[0]!))!;
  if (committedAt.length > 1) {
    const names = (await shipFromByIds(trx, committedAt)).map((l) => l.name).sort();
    throw DomainError.one(
      'INVALID',
      `These items are reserved at ${names.join(' and ')}; choose the location to ship from, or fulfill them separately.`,
      field,
    );
  }
  const first = await firstActiveShipFrom(trx);
  if (!first) throw DomainError.one('INVALID', 'There is no active location to ship from.', field);
  return first;
}

/**
 * Ships the picks of a locked order from one location: stock reserved elsewhere moves here first
 * (refused when this location lacks it), then leaves on hand and committed; untracked items move
 * no stock. The fulfilled quantities, the fulfillment and the derived statuses change together.
 */
export async function fulfillLocked(
  trx: Tx,
  actor: Actor,
  before: Order,
  picks: FulfillPick[],
  location: ShipFrom,
  tracking: Tracking,
): Promise<{ order: Order; fulfillment: Fulfillment }> {
  const stocked = picks.filter((p) => movesStock(p.line));
  // Every level this shipment touches, locked up front in the fixed order, so the two steps below
  // never take locks in an order another command could hold the other way round.
  await lockLevels(
    trx,
    stocked.flatMap((p) => [
      { variantId: p.line.variantId!, locationId: p.line.locationId! },
      { variantId: p.line.variantId!, locationId: location.id },
    ]),
  );
  const position = await nextFulfillmentPosition(trx, before.id);
  const origin = await orderOrigin(trx, before, (name) => `Order ${name}-F${position}`);
  const moving = stocked.filter((p) => p.line.locationId !== location.id);
  await moveCommitment(
    trx,
    actor,
    moving.map((p) => ({
      variantId: p.line.variantId!,
      fromLocationId: p.line.locationId!,
      toLocationId: location.id,
      quantity: p.quantity,
      field: p.field,
    })),
    origin,
  );
  const taken: Allocation[] = stocked.map((p) => ({
    variantId: p.line.variantId!,
    locationId: location.id,
    quantity: p.quantity,
  }));
  await takeForFulfillment(trx, actor, taken, origin);
  // A line shipped in full from elsewhere has nothing left reserved at its old location; what a
  // later cancel returns comes back here, so this is where it is committed from now on.
  await setLineLocations(
    trx,
    moving
      .filter((p) => p.quantity === p.line.quantity - p.line.fulfilledQuantity - p.line.refundedQuantity)
      .map((p) => ({ lineId: p.line.id, locationId: location.id })),
  );
  await addFulfilledQuantities(
    trx,
    picks.map((p) => ({ lineId: p.line.id, delta: p.quantity })),
  );
  const fulfillment = await insertFulfillment(
    trx,
    {
      id: uuidv7(),
      orderId: before.id,
      position,
      locationId: location.id,
      carrier: tracking.carrier,
      trackingNumber: tracking.trackingNumber,
      trackingUrl: tracking.trackingUrl,
      staffId: actor.viewer?.staffId ?? null,
    },
    picks.map((p) => ({ orderLineId: p.line.id, quantity: p.quantity })),
  );
  const order = await refreshOrderStatus(trx, before.id);
  await recordAudit(trx, actor, {
    action: 'order.fulfill',
    subjectType: 'Order',
    subjectId: before.id,
    changes: {
      fulfillment: { before: null, after: await fulfillmentName(trx, before, position) },
      quantity: { before: null, after: picks.reduce((a, p) => a + p.quantity, 0) },
      location: { before: null, after: location.name },
      ...(tracking.carrier ? { carrier: { before: null, after: tracking.carrier } } : {}),
      ...(tracking.trackingNumber
        ? { tracking_number: { before: null, after: tracking.trackingNumber } }
        : {}),
      fulfillment_status: { before: before.fulfillmentStatus, after: order.fulfillmentStatus },
    },
  });
  return { order, fulfillment };
}

export async function orderFulfill(
  trx: Tx,
  actor: Actor,
  input: OrderFulfillInput,
): Promise<{ order: Order; fulfillment: Fulfillment }> {
  const orderId = decodeIdOf('Order', input.orderId);
  if (!orderId) throw DomainError.one('INVALID', 'This order does not exist.', ['input', 'orderId']);
  const { idempotencyKey, ...request } = input;
  const { fulfillmentId } = await idempotent(trx, 'orderFulfill', idempotencyKey, request, async () => {
    const tracking = checkTracking(input);
    const before = await loadOrderForAction(trx, orderId, null, { id: ['input', 'orderId'] });
    const refused = checkOrderAction(before, 'fulfill');
    if (refused) throw refused;
    const picks = pickLines(before.lines, input.lines);
    const location = await chooseLocation(trx, picks, input.locationId);
    const done = await fulfillLocked(trx, actor, before, picks, location, tracking);
    return { fulfillmentId: done.fulfillment.id };
  });
  // A repeat answers the order as it is now, with the shipment the first call made.
  return {
    order: (await findOrder(trx, orderId))!,
    fulfillment: (await findFulfillment(trx, fulfillmentId))!,
  };
}

/** For ordersBulkFulfill: everything still unshipped of a locked order, from one location. */
export async function fulfillEverything(
  trx: Tx,
  actor: Actor,
  before: LoadedOrder,
  location: ShipFrom,
): Promise<Order> {
  const refused = checkOrderAction(before, 'fulfill');
  if (refused) throw refused;
  // Each pick names its place, so a refusal can say which item it is about (issue #26 §3): a bulk
  // refusal lists orders, not lines, so "Only 0 available" alone doesn't say what is missing.
  const picks = pickLines(before.lines, null).map((p, i) => ({ ...p, field: ['lines', String(i)] }));
  const none = { carrier: null, trackingNumber: null, trackingUrl: null };
  try {
    return (await fulfillLocked(trx, actor, before, picks, location, none)).order;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError(
      error.errors.map((e) => {
        const pick = e.field?.[0] === 'lines' ? picks[Number(e.field[1])] : undefined;
        if (!pick) return e;
        const { productTitle, variantTitle } = pick.line;
        const item =
          variantTitle && variantTitle !== 'Default' ? `${productTitle} — ${variantTitle}` : productTitle;
        return { ...e, message: `${item}: ${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}` };
      }),
    );
  }
}
