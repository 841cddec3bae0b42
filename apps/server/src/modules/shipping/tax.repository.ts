import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { taxRateRow, type TaxRate } from './shipping.model.js';
import { uuidv7 } from '../../lib/uuid.js';

/** What a tax rate's create or update writes. */
export type TaxRateValues = Pick<TaxRate, 'countryCode' | 'region' | 'rate' | 'name'>;

/** By country, then region (the country-wide rate first). */
export async function listTaxRates(db: Executor): Promise<TaxRate[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .selectAll()
    .orderBy('country_code')
    .orderBy('region', 'asc')
    .execute();
  return rows.map(taxRateRow.of);
}

export async function taxRatesOfCountry(db: Executor, countryCode: string): Promise<TaxRate[]> {
  return (await db.selectFrom('tax_rates').selectAll().where('country_code', '=', countryCode).execute()).map(
    taxRateRow.of,
  );
}

export async function findTaxRate(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TaxRate | null> {
  let q = db.selectFrom('tax_rates').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? taxRateRow.of(row) : null;
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

export async function insertTaxRate(db: Executor, rate: TaxRateValues): Promise<TaxRate> {
  const row = await db
    .insertInto('tax_rates')
    .values(taxRateRow.write({ id: uuidv7(), ...rate }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return taxRateRow.of(row);
}

export async function updateTaxRate(db: Executor, id: string, rate: TaxRateValues): Promise<TaxRate> {
  const row = await db
    .updateTable('tax_rates')
    .set({ ...taxRateRow.write(rate), updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return taxRateRow.of(row);
}

export async function deleteTaxRate(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('tax_rates').where('id', '=', id).execute();
}
