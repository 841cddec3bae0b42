import { addMinor, countryName, taxOn, taxRateSchema, validate, DomainError } from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { TaxRate } from './shipping.model.js';
import type { Actor } from '../../actor.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import { lockUniqueValues } from '../../lib/unique-lock.repository.js';
import {
  deleteTaxRate,
  findTaxRate,
  insertTaxRate,
  taxPlaceTaken,
  taxRatesOfCountry,
  updateTaxRate,
} from './tax.repository.js';

type TaxRaw = {
  countryCode?: string | null;
  region?: string | null;
  rate?: string | null;
  name?: string | null;
  version?: number | null;
};

const AUDITED = ['countryCode', 'region', 'rate', 'name'] as const;

export async function taxRateCreate(trx: Tx, actor: Actor, raw: TaxRaw): Promise<TaxRate> {
  const parsed = validate(taxRateSchema, raw, ['input']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const v = parsed.value;
  await lockUniqueValues(trx, 'tax-place', [`${v.countryCode}:${v.region ?? ''}`]);
  if (await taxPlaceTaken(trx, v.countryCode, v.region, null)) {
    throw DomainError.one(
      'TAKEN',
      `${countryName(v.countryCode)}${v.region ? ` (${v.region})` : ''} already has a tax rate; edit that one.`,
      ['input', 'countryCode'],
    );
  }
  const row = await insertTaxRate(trx, {
    countryCode: v.countryCode,
    region: v.region,
    rate: v.rate,
    name: v.name,
  });
  await recordAudit(trx, actor, {
    action: 'tax_rate.create',
    subjectType: 'TaxRate',
    subjectId: row.id,
    changes: diff(null, row, AUDITED),
  });
  return row;
}

export async function taxRateUpdate(trx: Tx, actor: Actor, id: string, raw: TaxRaw): Promise<TaxRate> {
  const before = await findTaxRate(trx, id, { forUpdate: true });
  if (!before) throw DomainError.one('INVALID', 'This tax rate does not exist.', ['id']);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', 'Someone else changed this tax rate since you opened it.', [
      'input',
      'version',
    ]);
  const parsed = validate(
    taxRateSchema,
    {
      countryCode: raw.countryCode ?? before.countryCode,
      region: raw.region === undefined ? before.region : raw.region,
      rate: raw.rate ?? String(Number(before.rate)),
      name: raw.name ?? before.name,
    },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const v = parsed.value;
  await lockUniqueValues(trx, 'tax-place', [`${v.countryCode}:${v.region ?? ''}`]);
  if (await taxPlaceTaken(trx, v.countryCode, v.region, id))
    throw DomainError.one('TAKEN', `${countryName(v.countryCode)} already has a tax rate for that region.`, [
      'input',
      'region',
    ]);
  const after = await updateTaxRate(trx, id, {
    countryCode: v.countryCode,
    region: v.region,
    rate: v.rate,
    name: v.name,
  });
  await recordAudit(trx, actor, {
    action: 'tax_rate.update',
    subjectType: 'TaxRate',
    subjectId: id,
    changes: diff(before, after, AUDITED),
  });
  return after;
}

export async function taxRateDelete(trx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await findTaxRate(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This tax rate does not exist.', ['id']);
  await deleteTaxRate(trx, id);
  await recordAudit(trx, actor, {
    action: 'tax_rate.delete',
    subjectType: 'TaxRate',
    subjectId: id,
    changes: diff(before, {}, AUDITED),
  });
}

export interface TaxResult {
  rate: TaxRate | null;
  lines: number[];
  shipping: number;
  total: number;
  pricesIncludeTax: boolean;
}

/** The rate that applies to an address: the region's, else the country's, else none. */
export async function taxRateFor(
  db: Executor,
  address: { countryCode: string; region?: string | null },
): Promise<TaxRate | null> {
  const rates = await taxRatesOfCountry(db, address.countryCode.toUpperCase());
  const region = (address.region ?? '').trim().toLowerCase();
  return (
    rates.find((r) => region && r.region?.toLowerCase() === region) ??
    rates.find((r) => r.region === null) ??
    null
  );
}

/** Tax for line amounts and shipping shipped to an address: the region's rate, else the country's, else none. */
export async function computeTax(
  db: Executor,
  address: { countryCode: string; region?: string | null },
  lineAmounts: number[],
  shipping: number,
): Promise<TaxResult> {
  const settings = await storeSettings(db);
  const rate = await taxRateFor(db, address);
  const taxOf = (amount: number) => (rate ? taxOn(amount, rate.rate, settings.pricesIncludeTax) : 0);
  const lines = lineAmounts.map(taxOf);
  const shippingTax = taxOf(shipping);
  return {
    rate,
    lines,
    shipping: shippingTax,
    total: addMinor(...lines, shippingTax),
    pricesIncludeTax: settings.pricesIncludeTax,
  };
}
