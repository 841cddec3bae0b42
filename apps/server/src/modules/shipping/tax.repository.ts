import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { TaxRateRow } from './shipping.tables.js';
import { uuidv7 } from '../../lib/uuid.js';

export interface TaxRateColumns {
  country_code: string;
  region: string | null;
  rate: string;
  name: string;
}

/** By country, then region (the country-wide rate first). */
export function listTaxRates(db: Executor): Promise<TaxRateRow[]> {
  return db.selectFrom('tax_rates').selectAll().orderBy('country_code').orderBy('region', 'asc').execute();
}

export function taxRatesOfCountry(db: Executor, countryCode: string): Promise<TaxRateRow[]> {
  return db.selectFrom('tax_rates').selectAll().where('country_code', '=', countryCode).execute();
}

export async function findTaxRate(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TaxRateRow | null> {
  let q = db.selectFrom('tax_rates').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst()) ?? null;
}

/** Whether another rate covers this country and region (regions compared regardless of case; none is its own place). */
export async function taxPlaceTaken(
  db: Executor,
  countryCode: string,
  region: string | null,
  exceptId: string | null,
): Promise<boolean> {
  let q = db
    .selectFrom('tax_rates')
    .select('id')
    .where('country_code', '=', countryCode)
    .where(sql<string>`coalesce(lower(region), '')`, '=', (region ?? '').toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export function insertTaxRate(db: Executor, rate: TaxRateColumns): Promise<TaxRateRow> {
  return db
    .insertInto('tax_rates')
    .values({ id: uuidv7(), ...rate })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTaxRate(db: Executor, id: string, rate: TaxRateColumns): Promise<TaxRateRow> {
  return db
    .updateTable('tax_rates')
    .set({ ...rate, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteTaxRate(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('tax_rates').where('id', '=', id).execute();
}
