import type { OrderTotals } from '@stockroom/domain';
import type { OrderLine } from './order.model.js';
import type { LoadedOrder } from './order-lock.service.js';
import type { SellableLine } from './order-create-pricing.js';
import type { EditCalculation, EditLineChange } from './order-lines-edit-words.js';

/** Issue #32: an order edit as planned (order-lines-edit-plan.service.ts), before it is written. */

/** A line of the order as the edit leaves it (REMOVED lines included, with quantity 0). */
export interface PlannedLine {
  line: OrderLine | null;
  change: EditLineChange;
  productId: string | null;
  variantId: string | null;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  custom: boolean;
  taxable: boolean;
  requiresShipping: boolean;
  quantity: number;
  previousQuantity: number;
  unitPrice: number;
  previousUnitPrice: number | null;
  priceReason: string | null;
  fulfilledQuantity: number;
  /** The entry that changed the line (["changes", "addVariants", "0"]); null when none did. */
  field: string[] | null;
  sold: SellableLine | null;
  figures: { subtotal: number; discount: number; tax: number; total: number };
}

export interface EditPlan {
  order: LoadedOrder;
  lines: PlannedLine[];
  totals: OrderTotals;
  shipping: { rateId: string | null; name: string; price: number } | null;
  shippingChanged: boolean;
  discount: { id: string | null; code: string } | null;
  discountMinimumNotMet: boolean;
  /** Why the kept code's minimum is not met, in words; null when it is. */
  minimumWords: string | null;
  /** Committed stock, per tracked line: increases of kept lines and the releases of decreases. */
  more: {
    variantId: string;
    locationId: string;
    quantity: number;
    field: string[];
    title: string;
    sku: string | null;
  }[];
  released: { variantId: string; locationId: string; quantity: number; title: string; sku: string | null }[];
  calculation: EditCalculation;
  summary: string[];
}

/** "Linen Shirt — M" (the product's title alone for a single-variant product or a custom item). */
export const lineTitle = (l: { productTitle: string; variantTitle: string }) =>
  l.variantTitle && l.variantTitle !== 'Default' ? `${l.productTitle} — ${l.variantTitle}` : l.productTitle;

/** Units of a line still committed (the domain's rule: refunds take unshipped units first). */
export const committedUnits = (
  quantity: number,
  l: Pick<OrderLine, 'fulfilledQuantity' | 'refundedQuantity'>,
) => Math.max(0, quantity - l.fulfilledQuantity - l.refundedQuantity);
