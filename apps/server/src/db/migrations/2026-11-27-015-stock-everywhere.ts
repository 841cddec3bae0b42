import { sql, type Kysely } from 'kysely';

/**
 * Issue #16 items 1 and 3.
 * - Every tracked variant has a stock level at every active location (at zero until stock
 *   arrives), so a new product shows up in Inventory and can be counted, received and sold.
 *   The service keeps this true for new variants and new locations; here the old data catches up.
 * - `products.total_available`: units available across all locations for the variants that track
 *   stock (null when none do), kept in the same transaction as every stock change. The product
 *   list shows and sorts by it without reading a product's levels.
 */
const statements = [
  `insert into inventory_levels (variant_id, location_id)
     select v.id, l.id from product_variants v cross join locations l
     where v.track_inventory and l.active
   on conflict (variant_id, location_id) do nothing`,
  `alter table products add column total_available integer`,
  `update products p set total_available = s.available
     from (
       select v.product_id, coalesce(sum(l.on_hand - l.committed), 0)::int as available
       from product_variants v left join inventory_levels l on l.variant_id = v.id
       where v.track_inventory
       group by v.product_id
     ) s
   where s.product_id = p.id`,
  `create index products_total_available_idx on products (total_available, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
