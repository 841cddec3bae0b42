import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/**
 * Rows of the small tables, and the most children any one product has, which bound the plain list
 * fields (see graphql/cost.ts). One statement; the per-product maxima are index-only aggregates.
 */
export async function countBoundingTables(db: Executor) {
  const { rows } = await sql<{
    locations: number;
    collections: number;
    categories: number;
    shipping_zones: number;
    shipping_rates: number;
    tax_rates: number;
    roles: number;
    max_variants: number;
    max_media: number;
    max_collections: number;
  }>`select
      (select count(*) from locations)::int as locations,
      (select count(*) from collections)::int as collections,
      (select count(*) from categories)::int as categories,
      (select count(*) from shipping_zones)::int as shipping_zones,
      (select count(*) from shipping_rates)::int as shipping_rates,
      (select count(*) from tax_rates)::int as tax_rates,
      (select count(*) from roles)::int as roles,
      (select coalesce(max(n), 0) from (select count(*) as n from product_variants group by product_id) v)::int as max_variants,
      (select coalesce(max(n), 0) from (select count(*) as n from product_media group by product_id) m)::int as max_media,
      (select coalesce(max(n), 0) from (select count(*) as n from collection_products group by product_id) c)::int as max_collections`.execute(
    db,
  );
  return rows[0]!;
}
