import type { UserErrorCode } from '@stockroom/domain';
import type { Variant } from '../catalog/catalog.model.js';

/** A refused cell of a bulk grid save. */
export interface BulkCellError {
  kind: 'change' | 'stock';
  index: number;
  variantId: string;
  locationId: string | null;
  column: string;
  code: UserErrorCode;
  message: string;
}

/** What a bulk grid save answers. */
export interface BulkOutcome {
  updatedCount: number;
  stockChangedCount: number;
  variants: Variant[];
  errors: BulkCellError[];
  /** The save's audit event (stored id); also answered to an idempotent repeat. */
  auditEventId: string | null;
}
