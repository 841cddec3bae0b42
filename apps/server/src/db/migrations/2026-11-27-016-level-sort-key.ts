import { sql, type Kysely } from 'kysely';

/**
 * Issue #15: the stock levels list sorts by product title, then variant position. That order spans
 * three tables, so no index could serve it and every page joined and sorted every level: 385 ms a
 * page at 10,000 products, 460 ms to 2.7 s at 100,000. `inventory_levels.product_sort_key` holds the
 * same key the list's cursor always carried (`lower(title) || ' ' || lpad(position, 5, '0')`), kept
 * by triggers in the transaction that changes a title or a position, and an index on (key, id)
 * reads a page in index order.
 *
 * The triggers lock the levels they rewrite in (variant, location) order first: the order stock
 * changes lock them in (level.repository lockLevelRows), so a rename racing an order queues
 * instead of deadlocking.
 */
const statements = [
  `alter table inventory_levels add column product_sort_key text`,
  `update inventory_levels l set product_sort_key = lower(p.title) || ' ' || lpad(v.position::text, 5, '0')
     from product_variants v join products p on p.id = v.product_id
     where v.id = l.variant_id`,
  `alter table inventory_levels alter column product_sort_key set not null`,
  `create index inventory_levels_product_sort_idx on inventory_levels (product_sort_key, id)`,
  `create function inventory_level_sort_key(variant uuid) returns text language sql stable as $$
     select lower(p.title) || ' ' || lpad(v.position::text, 5, '0')
     from product_variants v join products p on p.id = v.product_id where v.id = variant
   $$`,
  `create function inventory_levels_set_sort_key() returns trigger language plpgsql as $$
   begin
     new.product_sort_key := inventory_level_sort_key(new.variant_id);
     return new;
   end $$`,
  `create trigger inventory_levels_sort_key before insert or update of variant_id on inventory_levels
     for each row execute function inventory_levels_set_sort_key()`,
  `create function products_resort_levels() returns trigger language plpgsql as $$
   begin
     perform 1 from inventory_levels l join product_variants v on v.id = l.variant_id
       where v.product_id = new.id order by l.variant_id, l.location_id for update of l;
     update inventory_levels l set product_sort_key = lower(new.title) || ' ' || lpad(v.position::text, 5, '0')
       from product_variants v where v.product_id = new.id and l.variant_id = v.id;
     return null;
   end $$`,
  `create trigger products_resort_levels after update of title on products for each row
     when (lower(old.title) is distinct from lower(new.title)) execute function products_resort_levels()`,
  `create function variants_resort_levels() returns trigger language plpgsql as $$
   begin
     perform 1 from inventory_levels where variant_id = new.id order by location_id for update;
     update inventory_levels set product_sort_key = inventory_level_sort_key(new.id) where variant_id = new.id;
     return null;
   end $$`,
  `create trigger variants_resort_levels after update of position, product_id on product_variants for each row
     when (old.position is distinct from new.position or old.product_id is distinct from new.product_id)
     execute function variants_resort_levels()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
