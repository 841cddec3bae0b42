import { sql, type Kysely } from 'kysely';

/**
 * Issue #16 items 1 and 3.
 * - Every tracked variant has a stock level at every active location (at zero until stock
 *   arrives), so a new product shows up in Inventory and can be counted, received and sold.
 *   The service keeps this true for new variants and new locations; here the old data catches up.
 * - `product_stock`: each product's units available across all locations, over the variants that
 *   track stock (no row when none do), kept in the same transaction as every stock change. The
 *   product list shows and sorts by it without reading a product's levels. It is its own narrow
 *   table, not a column of `products`: a stock change then rewrites one small row and one index,
 *   not the product row with its fifteen indexes (three of them GIN over the search text).
 */
const statements = [
  `insert into inventory_levels (variant_id, location_id)
     select v.id, l.id from product_variants v cross join locations l
     where v.track_inventory and l.active
   on conflict (variant_id, location_id) do nothing`,
  `create table product_stock (
     product_id uuid primary key references products (id) on delete cascade,
     total_available integer not null
   )`,
  `insert into product_stock (product_id, total_available)
     select v.product_id, coalesce(sum(l.on_hand - l.committed), 0)::int
     from product_variants v left join inventory_levels l on l.variant_id = v.id
     where v.track_inventory
     group by v.product_id`,
  `create index product_stock_available_idx on product_stock (total_available, product_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
