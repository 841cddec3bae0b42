import type { Executor } from '../../db/database.js';

/** What an inventory export's row says of a level beyond its quantities: product, variant, location. */
export interface LevelExportFacts {
  id: string;
  handle: string;
  title: string;
  optionValues: string[];
  sku: string | null;
  location: string;
}

/** The facts of these levels (one statement for a page of them). */
export async function levelExportFacts(
  db: Executor,
  levelIds: readonly string[],
): Promise<LevelExportFacts[]> {
  if (!levelIds.length) return [];
  const rows = await db
    .selectFrom('inventory_levels as l')
    .innerJoin('product_variants as v', 'v.id', 'l.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('locations as loc', 'loc.id', 'l.location_id')
    .select(['l.id', 'p.handle', 'p.title', 'v.option_values', 'v.sku', 'loc.name'])
    .where('l.id', 'in', levelIds)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    handle: r.handle,
    title: r.title,
    optionValues: r.option_values,
    sku: r.sku,
    location: r.name,
  }));
}
