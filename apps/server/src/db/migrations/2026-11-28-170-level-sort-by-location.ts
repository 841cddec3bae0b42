import { sql, type Kysely } from 'kysely';

/**
 * Issue #26: the stock levels list showed a variant's locations in the order its levels were made
 * (their ids), not in the locations' fulfillment priority the rest of the admin uses. The list's
 * stored sort key (migration 016) now ends with the location's priority and name:
 * `lower(title) || ' ' || lpad(position, 5, '0') || ' ' || lpad(priority, 11, '0') || ' ' || lower(name)`,
 * so one index still reads a page in order and a variant's rows follow its locations' priority.
 *
 * A location's new priority or name rewrites the keys of its levels, in the same transaction; like
 * the other triggers it locks them in (variant, location) order first, as stock changes do.
 */
const LOCATION_PART = `lpad((loc.fulfillment_priority::bigint + 2147483648)::text, 11, '0') || ' ' || lower(loc.name)`;

const statements = [
  `create or replace function inventory_level_sort_key(variant uuid, location uuid) returns text language sql stable as $$
     select lower(p.title) || ' ' || lpad(v.position::text, 5, '0') || ' ' || ${LOCATION_PART}
     from product_variants v join products p on p.id = v.product_id, locations loc
     where v.id = variant and loc.id = location
   $$`,
  `create or replace function inventory_levels_set_sort_key() returns trigger language plpgsql as $$
   begin
     new.product_sort_key := inventory_level_sort_key(new.variant_id, new.location_id);
     return new;
   end $$`,
  `drop trigger inventory_levels_sort_key on inventory_levels`,
  `create trigger inventory_levels_sort_key before insert or update of variant_id, location_id on inventory_levels
     for each row execute function inventory_levels_set_sort_key()`,
  `create or replace function products_resort_levels() returns trigger language plpgsql as $$
   begin
     perform 1 from inventory_levels l join product_variants v on v.id = l.variant_id
       where v.product_id = new.id order by l.variant_id, l.location_id for update of l;
     update inventory_levels l
       set product_sort_key = lower(new.title) || ' ' || lpad(v.position::text, 5, '0') || ' ' || ${LOCATION_PART}
       from product_variants v, locations loc
       where v.product_id = new.id and l.variant_id = v.id and loc.id = l.location_id;
     return null;
   end $$`,
  `create or replace function variants_resort_levels() returns trigger language plpgsql as $$
   begin
     perform 1 from inventory_levels where variant_id = new.id order by location_id for update;
     update inventory_levels set product_sort_key = inventory_level_sort_key(variant_id, location_id)
       where variant_id = new.id;
     return null;
   end $$`,
  `create function locations_resort_levels() returns trigger language plpgsql as $$
   begin
     perform 1 from inventory_levels where location_id = new.id order by variant_id, location_id for update;
     update inventory_levels set product_sort_key = inventory_level_sort_key(variant_id, location_id)
       where location_id = new.id;
     return null;
   end $$`,
  `create trigger locations_resort_levels after update of fulfillment_priority, name on locations for each row
     when (old.fulfillment_priority is distinct from new.fulfillment_priority
       or lower(old.name) is distinct from lower(new.name))
     execute function locations_resort_levels()`,
  `drop function inventory_level_sort_key(uuid)`,
  `update inventory_levels l
     set product_sort_key = lower(p.title) || ' ' || lpad(v.position::text, 5, '0') || ' ' || ${LOCATION_PART}
     from product_variants v, products p, locations loc
     where v.id = l.variant_id and p.id = v.product_id and loc.id = l.location_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
