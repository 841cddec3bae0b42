import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../db/columns.js';
import type { DiscountAppliesTo, DiscountKind } from '@stockroom/domain';

export interface DiscountTable {
  id: string;
  code: string;
  kind: DiscountKind;
  /** PERCENTAGE only: numeric(5,2), read as a string ("15.00"). */
  percentage: string | null;
  /** FIXED_AMOUNT only: minor units. */
  amount: number | null;
  applies_to: DiscountAppliesTo;
  minimum_subtotal: number | null;
  minimum_quantity: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  once_per_customer: boolean;
  usage_count: Generated<number>;
  disabled_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface DiscountProductTable {
  discount_id: string;
  product_id: string;
}

export interface DiscountCollectionTable {
  discount_id: string;
  collection_id: string;
}

/** This module's tables, as Kysely sees them. */
export interface DiscountTables {
  discounts: DiscountTable;
  discount_products: DiscountProductTable;
  discount_collections: DiscountCollectionTable;
}

export type DiscountRow = Selectable<DiscountTable>;
