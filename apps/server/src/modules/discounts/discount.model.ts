import type { DiscountAppliesTo, DiscountKind } from '@stockroom/domain';
import type { DiscountRow } from './discount.tables.js';

/** A discount code as the rest of the server sees it; only the repository reads the row. */
export interface Discount {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Exact decimal text, e.g. "12.5"; for PERCENTAGE. */
  percentage: string | null;
  /** Minor units; for FIXED_AMOUNT. */
  amount: number | null;
  appliesTo: DiscountAppliesTo;
  minimumSubtotal: number | null;
  minimumQuantity: number | null;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  oncePerCustomer: boolean;
  usageCount: number;
  disabledAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export function toDiscount(r: DiscountRow): Discount {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    percentage: r.percentage,
    amount: r.amount,
    appliesTo: r.applies_to,
    minimumSubtotal: r.minimum_subtotal,
    minimumQuantity: r.minimum_quantity,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    usageLimit: r.usage_limit,
    oncePerCustomer: r.once_per_customer,
    usageCount: r.usage_count,
    disabledAt: r.disabled_at,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}
