import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { DiscountTable } from './discount.tables.js';

/** A discount code as the rest of the server sees it (derived from its table, db/row.ts). */
export const discountRow = tableRow<DiscountTable>()([
  'id',
  'code',
  'kind',
  'percentage',
  'amount',
  'applies_to',
  'minimum_subtotal',
  'minimum_quantity',
  'starts_at',
  'ends_at',
  'usage_limit',
  'once_per_customer',
  'usage_count',
  'disabled_at',
  'created_by',
  'created_at',
  'updated_at',
  'version',
] as const);
export type Discount = Camel<Selectable<DiscountTable>>;
