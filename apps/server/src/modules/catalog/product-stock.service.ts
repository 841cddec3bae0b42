import type { RawBuilder } from 'kysely';
import { productStockDelta } from './product-stock.repository.js';

/**
 * A product's units available (product_stock) are the catalog's to write: inventory asks for the
 * write here when stock moves and sends it with its own, in the same statement. Null when no
 * variant's available units changed.
 */
export function productStockFollows(
  moved: readonly { variantId: string; delta: number }[],
): RawBuilder<unknown> | null {
  const changed = moved.filter((a) => a.delta !== 0);
  return changed.length ? productStockDelta(changed) : null;
}
