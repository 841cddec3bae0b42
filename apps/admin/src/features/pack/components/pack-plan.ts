import { linesToShipFrom } from '../../../lib/ship-plan';

/** An order line as the pack station reads it. */
export interface PackOrderLine {
  id: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  unfulfilledQuantity: number;
  location: { id: string; name: string } | null;
  /** Null without CATALOG_READ or once the variant is deleted: then only the SKU matches. */
  variant: { id: string; barcode: string | null } | null;
}

export interface PackOrder {
  id: string;
  name: string;
  status: string;
  fulfillmentStatus: string;
  availableActions: readonly string[];
  lines: readonly PackOrderLine[];
}

/** A line to pack here: how many units it needs and how many were scanned. */
export interface PackLine {
  line: PackOrderLine;
  needed: number;
  scanned: number;
}

/** The lines of an order that ship from this location, each with nothing scanned yet. */
export function packLinesOf(order: PackOrder, locationId: string): PackLine[] {
  return linesToShipFrom(order.lines, locationId).map((line) => ({
    line,
    needed: line.unfulfilledQuantity,
    scanned: 0,
  }));
}

/** Why an order can't be packed here, in plain words; null when it can. */
export function notPackable(order: PackOrder, location: { id: string; name: string }): string | null {
  if (order.status === 'CANCELLED') return `${order.name} is cancelled: there is nothing to pack.`;
  if (order.fulfillmentStatus === 'FULFILLED') return `${order.name} has already shipped.`;
  if (!order.availableActions.includes('FULFILL'))
    return `${order.name} can't be fulfilled now (it is ${order.status.toLowerCase()}).`;
  if (packLinesOf(order, location.id).length === 0) {
    const elsewhere = [
      ...new Set(
        order.lines.filter((l) => l.unfulfilledQuantity > 0 && l.location).map((l) => l.location!.name),
      ),
    ];
    return elsewhere.length
      ? `Nothing of ${order.name} ships from ${location.name}: its items are at ${elsewhere.join(', ')}.`
      : `Nothing of ${order.name} is left to ship from ${location.name}.`;
  }
  return null;
}

const norm = (code: string | null | undefined) => (code ?? '').trim().toLowerCase();

export type ScanResult =
  | { kind: 'ok'; lines: PackLine[]; index: number; done: boolean }
  | { kind: 'wrong'; message: string }
  | { kind: 'extra'; message: string; index: number };

/** How a line is named in messages: the product, and its variant unless it is the only one. */
export function itemName(line: PackOrderLine): string {
  return line.variantTitle && line.variantTitle !== 'Default'
    ? `${line.productTitle} — ${line.variantTitle}`
    : line.productTitle;
}

/**
 * One scanned (or typed) code against the lines: an exact SKU or barcode, any case, spaces around
 * ignored. A code on two lines goes to the first still needing units. A code of no line, or of a
 * line already complete, is refused and changes nothing.
 */
export function applyScan(lines: readonly PackLine[], code: string): ScanResult {
  const c = norm(code);
  if (!c) return { kind: 'wrong', message: 'Scan or type a SKU or barcode.' };
  const matching = lines
    .map((l, index) => ({ l, index }))
    .filter(({ l }) => norm(l.line.sku) === c || (norm(l.line.variant?.barcode) === c && c !== ''));
  if (matching.length === 0)
    return { kind: 'wrong', message: `Wrong item: ${code.trim()} is not on this order. Put it back.` };
  const open = matching.find(({ l }) => l.scanned < l.needed);
  if (!open) {
    const { l, index } = matching[0]!;
    return {
      kind: 'extra',
      index,
      message: `One too many: ${itemName(l.line)} needs ${l.needed}, all scanned. Put this one back.`,
    };
  }
  const next = lines.map((l, i) => (i === open.index ? { ...l, scanned: l.scanned + 1 } : l));
  return { kind: 'ok', lines: next, index: open.index, done: allScanned(next) };
}

export function allScanned(lines: readonly PackLine[]): boolean {
  return lines.length > 0 && lines.every((l) => l.scanned >= l.needed);
}

export function unitCounts(lines: readonly PackLine[]): { scanned: number; needed: number } {
  return lines.reduce((a, l) => ({ scanned: a.scanned + l.scanned, needed: a.needed + l.needed }), {
    scanned: 0,
    needed: 0,
  });
}

/**
 * The order number in what was typed or scanned: "1042", "#1042" or with the store's prefix
 * ("SR-1042"), any case; null when it is none of those.
 */
export function orderNumberOf(text: string, prefix: string): number | null {
  const t = text.trim();
  const p = prefix.trim().toLowerCase();
  let bare = t;
  if (p && t.toLowerCase().startsWith(p)) bare = t.slice(p.length);
  else if (t.startsWith('#')) bare = t.slice(1);
  bare = bare.trim();
  if (!/^\d{1,15}$/.test(bare)) return null;
  const n = Number(bare);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The search that finds orders that may have something to ship from a location, oldest first. */
export function nextOrderSearch(locationId: string): string {
  return `status:open -fulfillment_status:fulfilled location:${locationId}`;
}

/** The packing slip (or the 4×6 label) of a shipment, or of what is still to ship from a location. */
export function slipUrl(
  of: { fulfillmentId: string } | { orderId: string; locationId: string },
  layout: 'SLIP' | 'LABEL_4X6' = 'SLIP',
): string {
  const params = new URLSearchParams(
    'fulfillmentId' in of
      ? { fulfillment: of.fulfillmentId }
      : { orders: of.orderId, location: of.locationId },
  );
  if (layout === 'LABEL_4X6') params.set('layout', 'LABEL_4X6');
  return `/documents/packing-slips.pdf?${params.toString()}`;
}
