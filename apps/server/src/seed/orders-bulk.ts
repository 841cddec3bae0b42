import { sql } from 'kysely';
import type { Tx } from '../db/database.js';

const TABLES = [
  'orders',
  'order_lines',
  'order_transactions',
  'fulfillments',
  'fulfillment_lines',
  'inventory_movements',
];

/**
 * Runs a bulk load of the order tables without their secondary indexes and foreign keys, then puts
 * them back exactly as they were (definitions read from the catalog, names kept). At a million
 * orders, checking four foreign keys and updating six indexes row by row costs more than the rows
 * themselves, while building an index or validating a key once over the loaded table is a single
 * sort or join. Primary keys and unique constraints stay, so duplicates still fail the load. It all
 * happens in the caller's transaction: if the load fails, nothing was dropped.
 */
export async function withoutSecondaryIndexes<T>(trx: Tx, work: () => Promise<T>): Promise<T> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid = any(${TABLES}::text[]::regclass[])
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by 1`.execute(trx);
  const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where contype = 'f' and conrelid = any(${TABLES}::text[]::regclass[])
    order by 1, 2`.execute(trx);
  for (const k of keys)
    await sql`alter table ${sql.raw(k.table)} drop constraint ${sql.ref(k.name)}`.execute(trx);
  for (const i of indexes) await sql`drop index ${sql.raw(i.name)}`.execute(trx);
  const result = await work();
  for (const i of indexes) await sql.raw(i.definition).execute(trx);
  for (const k of keys)
    await sql`alter table ${sql.raw(k.table)} add constraint ${sql.ref(k.name)} ${sql.raw(k.definition)}`.execute(
      trx,
    );
  return result;
}
