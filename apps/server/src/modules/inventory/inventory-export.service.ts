import { available } from '@stockroom/domain';
import { listExporterOf } from '../jobs/list-export.service.js';
import { listInventoryLevels } from './inventory-list.service.js';
import { levelExportFacts } from './level-export.repository.js';
import { LEVEL_SORTS, type LevelSortKey } from './level.repository.js';

/**
 * The stock levels list as CSV (issue #29): one row per variant × location, as the list shows them,
 * with the product's handle and the variant's option values a later import matches by.
 */

export const inventoryExporter = listExporterOf({
  noun: 'inventory',
  // The `inventoryLevels` field's default first.
  sortKeys: Object.keys(LEVEL_SORTS),
  pageSize: 250,
  list: (db, { query, sortKey, reverse, page, countCap }) =>
    listInventoryLevels(db, { query, sortKey: sortKey as LevelSortKey, reverse, page, countCap }),
  rows: async (db, page) => {
    const facts = new Map(
      (
        await levelExportFacts(
          db,
          page.rows.map((r) => r.id),
        )
      ).map((f) => [f.id, f]),
    );
    return (level) => {
      const f = facts.get(level.id);
      return [
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
      ];
    };
  },
});
