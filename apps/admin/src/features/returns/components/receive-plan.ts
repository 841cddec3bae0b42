import type { ReturnDisposition } from '@stockroom/domain';

/** A return line as the receive panel reads it. */
export interface ReceivableLine {
  id: string;
  expectedQuantity: number;
  orderLine: {
    productTitle: string;
    variantTitle: string;
    sku: string | null;
    location: { id: string; name: string } | null;
    variant: { barcode: string | null; trackInventory: boolean } | null;
  };
}

/** A row waiting to be received: what, how many, what became of it, where. */
export interface PendingReceipt {
  key: string;
  returnLineId: string;
  quantity: number;
  disposition: ReturnDisposition;
  /** Null for missing units, or an item without stock. */
  locationId: string | null;
}

const norm = (s: string) => s.trim().toLowerCase();

export type ScanMatch =
  | { kind: 'line'; line: ReceivableLine }
  | { kind: 'none'; message: string }
  | { kind: 'done'; message: string };

/** Units of a line already in the pending rows. */
export function pendingUnits(pending: readonly PendingReceipt[], lineId: string): number {
  return pending.filter((p) => p.returnLineId === lineId).reduce((a, p) => a + p.quantity, 0);
}

/**
 * The line a typed or scanned code names: the order line's SKU or the variant's barcode, letter
 * case and spaces around ignored. When several lines match (the same item on two lines), the first
 * with units still to come that are not already pending is taken.
 */
export function matchScan(
  lines: readonly ReceivableLine[],
  code: string,
  pending: readonly PendingReceipt[],
): ScanMatch {
  const c = norm(code);
  if (!c) return { kind: 'none', message: 'Type or scan a SKU or barcode.' };
  const matches = lines.filter(
    (l) =>
      (l.orderLine.sku && norm(l.orderLine.sku) === c) ||
      (l.orderLine.variant?.barcode && norm(l.orderLine.variant.barcode) === c),
  );
  if (matches.length === 0) {
    return { kind: 'none', message: `No item on this return has the SKU or barcode "${code.trim()}".` };
  }
  const open = matches.find((l) => l.expectedQuantity - pendingUnits(pending, l.id) > 0);
  if (!open) {
    return {
      kind: 'done',
      message: `Every unit of ${titleOf(matches[0]!)} is received or already in the list below.`,
    };
  }
  return { kind: 'line', line: open };
}

export function titleOf(line: ReceivableLine): string {
  const { productTitle, variantTitle } = line.orderLine;
  return variantTitle && variantTitle !== 'Default' ? `${productTitle}, ${variantTitle}` : productTitle;
}

/** Where units go by default: where the line shipped from, or the first active location. */
export function defaultLocation(line: ReceivableLine, locations: readonly { id: string }[]): string | null {
  if (line.orderLine.variant && !line.orderLine.variant.trackInventory) return null;
  const shipped = line.orderLine.location?.id;
  if (shipped && locations.some((l) => l.id === shipped)) return shipped;
  return locations[0]?.id ?? null;
}

/**
 * Adds a row, merged into a pending row of the same line, disposition and location; refused (with
 * the reason) when the line has fewer units still to come than asked.
 */
export function addPending(
  pending: readonly PendingReceipt[],
  row: Omit<PendingReceipt, 'key'>,
  line: ReceivableLine,
  key: string,
): { pending: PendingReceipt[] } | { error: string } {
  if (!Number.isInteger(row.quantity) || row.quantity < 1) {
    return { error: 'Enter how many units, 1 or more.' };
  }
  const left = line.expectedQuantity - pendingUnits(pending, line.id);
  if (row.quantity > left) {
    return {
      error:
        left <= 0
          ? `Every unit of ${titleOf(line)} is received or already in the list.`
          : `Only ${left} unit${left === 1 ? '' : 's'} of ${titleOf(line)} ${left === 1 ? 'is' : 'are'} still to come.`,
    };
  }
  const locationId = row.disposition === 'MISSING' ? null : row.locationId;
  const same = pending.find(
    (p) =>
      p.returnLineId === row.returnLineId && p.disposition === row.disposition && p.locationId === locationId,
  );
  if (same) {
    return {
      pending: pending.map((p) => (p === same ? { ...p, quantity: p.quantity + row.quantity } : p)),
    };
  }
  return { pending: [...pending, { ...row, locationId, key }] };
}

/** The rows as returnReceive takes them. */
export function receiveLinesInput(pending: readonly PendingReceipt[]) {
  return pending.map((p) => ({
    returnLineId: p.returnLineId,
    quantity: p.quantity,
    disposition: p.disposition,
    locationId: p.locationId,
  }));
}
