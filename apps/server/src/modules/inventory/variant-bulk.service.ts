import { DomainError } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Ctx } from '../../graphql/context.js';
import type { BulkOutcome } from './variant-bulk.model.js';

/** The most rows (changes + stock cells) one save takes. */
export const MAX_BULK_ROWS = 2_000;

export interface BulkChange {
  variantId: string;
  expectedVersion: number;
  price?: string | null;
  compareAtPrice?: string | null;
  cost?: string | null;
  sku?: string | null;
  barcode?: string | null;
  weight?: number | null;
  trackInventory?: boolean | null;
}

export interface BulkStock {
  variantId: string;
  locationId: string;
  onHand: number;
  expectedOnHand?: number | null;
}

export interface BulkInput {
  changes: BulkChange[];
  stock: BulkStock[];
  idempotencyKey: string;
  allowNegativeStock: boolean;
}

export async function variantsBulkUpdate(_trx: Tx, _ctx: Ctx, _input: BulkInput): Promise<BulkOutcome> {
  throw DomainError.one('INVALID', 'Bulk save is not ready yet.', null);
}
