import { sql, type Kysely } from 'kysely';

/**
 * Issue #29: a products import makes thousands of levels a chunk, and the sort key trigger
 * (migrations 016 and 170) looked up each one's product, variant and location row by row. An insert
 * that gives the key (the importer's, computed for the whole batch in its statement with the same
 * expression) now keeps it; an insert without one, and a level moved to another variant or
 * location, still get it from the trigger. The key is never written by anything else.
 */
const statements = [
  `drop trigger inventory_levels_sort_key on inventory_levels`,
  `create trigger inventory_levels_sort_key before insert on inventory_levels for each row
     when (new.product_sort_key is null) execute function inventory_levels_set_sort_key()`,
  `create trigger inventory_levels_sort_key_moved before update of variant_id, location_id on inventory_levels
     for each row execute function inventory_levels_set_sort_key()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
