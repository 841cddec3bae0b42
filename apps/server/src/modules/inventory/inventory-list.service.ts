import { decodeIdOf } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { InventoryLevel, InventoryMovement } from './inventory.model.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import { levelSearchCondition, movementSearchCondition } from './inventory-search.js';
import { countLevels, pageLevels, type LevelSortKey } from './level.repository.js';
import { countMovements, pageMovements } from './movement.repository.js';

/** Stock levels of tracked variants matching a search, sorted and paged by keyset. */
export function listInventoryLevels(
  db: Executor,
  args: {
    query?: string | null;
    sortKey: LevelSortKey;
    reverse: boolean;
    page: PageArgs;
    /** null: count every match (an export's total); lists stop at 10,000. */
    countCap?: number | null;
  },
): ListResult<InventoryLevel> {
  const search = levelSearchCondition(args.query);
  if ('errors' in search) return search;
  return {
    page: () => pageLevels(db, search.condition, args.sortKey, args.reverse, args.page),
    count: () => countLevels(db, search.condition, args.countCap),
  };
}

/** The stock ledger, newest first, optionally of one variant (its API ID). */
export function listInventoryMovements(
  db: Executor,
  args: { query?: string | null; variantId?: string | null; page: PageArgs },
): ListResult<InventoryMovement> {
  const search = movementSearchCondition(args.query);
  if ('errors' in search) return search;
  let variantId: string | null = null;
  if (args.variantId != null) {
    variantId = decodeIdOf('ProductVariant', args.variantId);
    if (!variantId)
      return { errors: [{ field: ['variantId'], code: 'INVALID', message: 'This variant does not exist.' }] };
  }
  const filter = { condition: search.condition, variantId };
  return { page: () => pageMovements(db, filter, args.page), count: () => countMovements(db, filter) };
}
