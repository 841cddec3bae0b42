import type { Executor } from '../../db/database.js';
import type { Ctx } from '../../graphql/context.js';
import type { VariantStock } from '../catalog/variant-stock.js';
import { levelRow, locationRow, type Location } from './inventory.model.js';
import { ensureVariantLevels, receiveStartingStock } from './inventory.service.js';

const LEVEL = levelRow.json('il');

/** Every location (a store has few), for the levels of a page. */
async function allLocations(db: Executor): Promise<Location[]> {
  return (await db.selectFrom('locations').selectAll().execute()).map(locationRow.of);
}

/**
 * Inventory's side of catalog's variants: levels for variants made or starting to track stock,
 * their starting stock, and the levels a product page reads in its own statement. Plugged into
 * catalog at start (app/schema.ts), as catalog sits below inventory.
 */
export const inventoryVariantStock: VariantStock = {
  ensureLevels: ensureVariantLevels,
  receiveStartingStock,
  /** A variant's levels by its locations' fulfillment priority, then name (`v` is the variant). */
  pageLevelsSql: `(select coalesce(json_agg(json_build_array(${LEVEL.items})
    order by loc.fulfillment_priority, lower(loc.name), loc.id), '[]')
  from inventory_levels il join locations loc on loc.id = il.location_id where il.variant_id = v.id)`,
  pageLocations: allLocations,
  primePage(ctx: Ctx, levelsByVariant, locations) {
    const l = ctx.loaders;
    for (const location of locations as Location[]) l.locationById.prime(location.id, location);
    for (const [variantId, levels] of levelsByVariant)
      l.levelsByVariantId.prime(variantId, (levels as unknown[][]).map(LEVEL.of));
  },
};
