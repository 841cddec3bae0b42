import { unfulfilledQuantity } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import { storeSettings } from '../settings/settings.service.js';
import { orderSearchCondition } from './order-search.js';
import {
  countOrdersMatching,
  documentFulfillment,
  documentLineRows,
  documentOrderRows,
  existingOrderIds,
  orderIdsMatching,
  shipLocations,
  type DocumentLineRow,
  type DocumentOrderRow,
  type ShipLocation,
} from './order-documents.repository.js';

/**
 * Orders as packing slips and pick lists read them (issue #33): per order and location, the units
 * still to ship from there — the same count the fulfil screen and orderFulfill use
 * (unfulfilledQuantity: ordered − fulfilled − refunded before shipping), of the lines that ship.
 */

export type { ShipLocation };

export interface ShipLine {
  lineId: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  /** The variant's barcode, else null (the slip prints the SKU's then). */
  barcode: string | null;
  unitPrice: number;
  quantity: number;
}

/** One parcel's worth: an order's units to ship from one location. */
export interface ShipGroup {
  order: DocumentOrderRow & { name: string };
  location: ShipLocation;
  lines: ShipLine[];
}

const shipLine = (l: DocumentLineRow, quantity: number): ShipLine => ({
  lineId: l.id,
  productTitle: l.productTitle,
  variantTitle: l.variantTitle,
  sku: l.sku,
  barcode: l.barcode,
  unitPrice: l.unitPrice,
  quantity,
});

/**
 * Where each line's units leave from: where its stock is committed; an untracked line goes with
 * the location holding most of the order's units (the earlier by priority on a tie), else the first
 * active location, as the fulfil screen proposes.
 */
function groupsOf(
  order: ShipGroup['order'],
  lines: DocumentLineRow[],
  locations: ShipLocation[],
): ShipGroup[] {
  const left = lines.map((l) => ({ l, quantity: unfulfilledQuantity(l) })).filter((x) => x.quantity > 0);
  if (!left.length) return [];
  const units = new Map<string, number>();
  for (const { l, quantity } of left)
    if (l.locationId) units.set(l.locationId, (units.get(l.locationId) ?? 0) + quantity);
  let fallback: ShipLocation | undefined;
  for (const loc of locations) {
    const n = units.get(loc.id) ?? 0;
    if (n > 0 && (!fallback || n > (units.get(fallback.id) ?? 0))) fallback = loc;
  }
  fallback ??= locations.find((l) => l.active) ?? locations[0];
  const groups = new Map<string, ShipGroup>();
  for (const { l, quantity } of left) {
    const location = (l.locationId && locations.find((x) => x.id === l.locationId)) || fallback;
    if (!location) continue;
    let group = groups.get(location.id);
    if (!group) groups.set(location.id, (group = { order, location, lines: [] }));
    group.lines.push(shipLine(l, quantity));
  }
  const rank = (id: string) => locations.findIndex((l) => l.id === id);
  return [...groups.values()].sort((a, b) => rank(a.location.id) - rank(b.location.id));
}

/** The store's order name prefix, the locations: read once per document. */
export async function documentContext(db: Executor) {
  const [shop, locations] = await Promise.all([storeSettings(db), shipLocations(db)]);
  return { prefix: shop.orderNumberPrefix, locations };
}
export type DocumentContext = Awaited<ReturnType<typeof documentContext>>;

/**
 * The parcels of these orders (in the order given): open orders only (a cancelled or archived
 * order is not shipped), one group per location with units left there, or only `locationId`'s.
 */
export async function shipGroupsOfOrders(
  db: Executor,
  context: DocumentContext,
  orderIds: readonly string[],
  locationId: string | null,
): Promise<ShipGroup[]> {
  const open = (await documentOrderRows(db, orderIds)).filter((o) => o.status === 'OPEN');
  const lines = await documentLineRows(
    db,
    open.map((o) => o.id),
  );
  const byOrder = new Map<string, DocumentLineRow[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId);
    if (list) list.push(l);
    else byOrder.set(l.orderId, [l]);
  }
  const position = new Map(orderIds.map((id, i) => [id, i]));
  open.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return open.flatMap((o) =>
    groupsOf(
      { ...o, name: `${context.prefix}${o.number}` },
      byOrder.get(o.id) ?? [],
      context.locations,
    ).filter((g) => locationId === null || g.location.id === locationId),
  );
}

/** The units of one fulfilment (cancelled ones too: it prints what that parcel held), or null. */
export async function shipGroupOfFulfillment(
  db: Executor,
  context: DocumentContext,
  fulfillmentId: string,
): Promise<(ShipGroup & { fulfillmentName: string; cancelled: boolean }) | null> {
  const f = await documentFulfillment(db, fulfillmentId);
  if (!f) return null;
  const [order] = await documentOrderRows(db, [f.orderId]);
  if (!order) return null;
  const lines = await documentLineRows(
    db,
    [f.orderId],
    f.lines.map((l) => l.orderLineId),
  );
  const quantities = new Map(f.lines.map((l) => [l.orderLineId, l.quantity]));
  const location = context.locations.find((l) => l.id === f.locationId);
  if (!location) return null;
  const name = `${context.prefix}${order.number}`;
  return {
    order: { ...order, name },
    location,
    lines: lines.map((l) => shipLine(l, quantities.get(l.id) ?? 0)).filter((l) => l.quantity > 0),
    fulfillmentName: `${name}-F${f.position}`,
    cancelled: f.status === 'CANCELLED',
  };
}

/** Which of these ids name an order. */
export function ordersThatExist(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  return existingOrderIds(db, ids);
}

/**
 * The orders an order search matches (SPEC §7.4, as the orders list), oldest first: their ids when
 * at most `max`, else how many there are (counted up to 10,000); userErrors for a bad search.
 */
export async function orderIdsOfSearch(
  db: Executor,
  query: string,
  max: number,
): Promise<{ ids: string[] } | { count: number; more: boolean } | { error: string }> {
  const shop = await storeSettings(db);
  const search = orderSearchCondition(query, shop.currencyCode, shop.orderNumberPrefix);
  if ('errors' in search) return { error: search.errors.map((e) => e.message).join(' ') };
  const ids = await orderIdsMatching(db, search.condition, max + 1);
  if (ids.length <= max) return { ids };
  const cap = 10_000;
  const count = await countOrdersMatching(db, search.condition, cap);
  return { count: Math.min(count, cap), more: count > cap };
}
