import { available } from '@stockroom/domain';
import type { Executor } from '../../db/database.js';
import type { ListExporter, ListExportInput } from '../jobs/list-export.service.js';
import { listInventoryLevels } from './inventory-list.service.js';
import { levelExportFacts } from './level-export.repository.js';
import { LEVEL_SORTS, type LevelSortKey } from './level.repository.js';

/**
 * The stock levels list as CSV (issue #29): one row per variant × location, as the list shows them,
 * with the product's handle and the variant's option values a later import matches by.
 */

function list(db: Executor, input: ListExportInput, after: string | null, first: number, countCap?: null) {
  return listInventoryLevels(db, {
    query: input.query,
    sortKey: input.sortKey as LevelSortKey,
    reverse: input.reverse,
    page: { first, after },
    ...(countCap === null ? { countCap } : {}),
  });
}

export const inventoryExporter: ListExporter = {
  noun: 'inventory',
  // The `inventoryLevels` field's default first.
  sortKeys: Object.keys(LEVEL_SORTS),
  pageSize: 250,
  problems: (db, query) => {
    const l = listInventoryLevels(db, {
      query,
      sortKey: 'PRODUCT_TITLE',
      reverse: false,
      page: { first: 1 },
    });
    return 'errors' in l ? l.errors : [];
  },
  total: async (db, input) => {
    const l = list(db, input, null, 1, null);
    return 'errors' in l ? 0 : (await l.count()).value;
  },
  page: async (db, input, after, first) => {
    const l = list(db, input, after, first);
    if ('errors' in l) return { items: [], hasNextPage: false };
    const page = await l.page();
    const facts = new Map(
      (
        await levelExportFacts(
          db,
          page.rows.map((r) => r.id),
        )
      ).map((f) => [f.id, f]),
    );
    return {
      hasNextPage: page.hasNextPage,
      items: page.rows.map((level) => {
        const f = facts.get(level.id);
        return {
          cursor: page.cursor(level),
          rows: [
            {
              Handle: f?.handle,
              Title: f?.title,
              'Option1 Value': f?.optionValues[0],
              'Option2 Value': f?.optionValues[1],
              'Option3 Value': f?.optionValues[2],
              SKU: f?.sku,
              Location: f?.location,
              'On hand': level.onHand,
              Committed: level.committed,
              Available: available(level),
            },
          ],
        };
      }),
    };
  },
};
