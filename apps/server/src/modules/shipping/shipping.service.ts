import { countryName, decodeIdOf, formatMinor, shippingRateSchema, shippingZoneSchema, taxOn, taxRateSchema, validate, type UserError } from '@stockroom/domain';
import { sql } from 'kysely';
import type { DB, Executor } from '../../db/database.js';
import type { ShippingRateRow, ShippingZoneRow, TaxRateRow } from '../../db/types.js';
import type { Actor } from '../../actor.js';
import { UserErrors } from '../../graphql/errors.js';
import { uuidv7 } from '../../lib/uuid.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { getSettings } from '../settings/settings.repository.js';

async function currencyOf(db: Executor): Promise<string> {
  return (await getSettings(db)).currency_code.trim();
}

/** A country belongs to at most one zone (and only one zone may be "rest of the world"). */
async function countryConflicts(trx: Executor, countries: string[], exceptZoneId: string | null): Promise<UserError[]> {
  let q = trx.selectFrom('shipping_zones').select(['id', 'name', 'countries']).where(sql<boolean>`countries && ${sql.val(countries)}::text[]`);
  if (exceptZoneId) q = q.where('id', '!=', exceptZoneId);
  const others = await q.execute();
  return countries.flatMap((c, i) => {
    const other = others.find((z) => z.countries.includes(c));
    if (!other) return [];
    const what = c === '*' ? 'The rest of the world' : countryName(c);
    return [{ field: ['input', 'countries', String(i)], code: 'TAKEN' as const, message: `${what} is already in the zone ${other.name}.` }];
  });
}

export async function shippingZoneCreate(db: DB, actor: Actor, raw: { name?: string | null; countries?: string[] | null }): Promise<ShippingZoneRow> {
  const parsed = validate(shippingZoneSchema(), raw, ['input']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7726011124)`.execute(trx);
    const conflicts = await countryConflicts(trx, parsed.value.countries, null);
    if (conflicts.length) throw new UserErrors(conflicts);
    const row = await trx.insertInto('shipping_zones').values({ id: uuidv7(), ...parsed.value }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'shipping_zone.create', subjectType: 'ShippingZone', subjectId: row.id, changes: diff(null, row, ['name', 'countries']) });
    return row;
  });
}

export async function shippingZoneUpdate(db: DB, actor: Actor, id: string, raw: { name?: string | null; countries?: string[] | null; version?: number | null }): Promise<ShippingZoneRow> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7726011124)`.execute(trx);
    const before = await trx.selectFrom('shipping_zones').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This shipping zone does not exist.', ['id']);
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', 'Someone else changed this shipping zone since you opened it.', ['input', 'version']);
    const parsed = validate(shippingZoneSchema(), { name: raw.name ?? before.name, countries: raw.countries ?? before.countries }, ['input']);
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    const conflicts = await countryConflicts(trx, parsed.value.countries, id);
    if (conflicts.length) throw new UserErrors(conflicts);
    const after = await trx
      .updateTable('shipping_zones')
      .set({ ...parsed.value, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'shipping_zone.update', subjectType: 'ShippingZone', subjectId: id, changes: diff(before, after, ['name', 'countries']) });
    return after;
  });
}

export async function shippingZoneDelete(db: DB, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('shipping_zones').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This shipping zone does not exist.', ['id']);
    await trx.deleteFrom('shipping_zones').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'shipping_zone.delete', subjectType: 'ShippingZone', subjectId: id, changes: diff(before, {}, ['name', 'countries']) });
  });
}

type RateRaw = { name?: string | null; price?: string | null; minSubtotal?: string | null; maxSubtotal?: string | null; freeAbove?: string | null };

function rateColumns(v: { name: string; price: number; minSubtotal: number | null; maxSubtotal: number | null; freeAbove: number | null }) {
  return { name: v.name, price: v.price, min_subtotal: v.minSubtotal, max_subtotal: v.maxSubtotal, free_above: v.freeAbove };
}

const RATE_AUDITED = ['name', 'price', 'min_subtotal', 'max_subtotal', 'free_above'] as const;

export async function shippingRateCreate(db: DB, actor: Actor, zoneId: string, raw: RateRaw): Promise<ShippingRateRow> {
  const parsed = validate(shippingRateSchema(await currencyOf(db)), raw, ['input']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  return db.transaction().execute(async (trx) => {
    const zone = await trx.selectFrom('shipping_zones').select('id').where('id', '=', zoneId).forUpdate().executeTakeFirst();
    if (!zone) throw UserErrors.one('INVALID', 'This shipping zone does not exist.', ['zoneId']);
    const last = await trx.selectFrom('shipping_rates').select(sql<number>`coalesce(max(position), -1)`.as('p')).where('zone_id', '=', zoneId).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('shipping_rates')
      .values({ id: uuidv7(), zone_id: zoneId, position: Number(last.p) + 1, ...rateColumns(parsed.value) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'shipping_rate.create', subjectType: 'ShippingZone', subjectId: zoneId, changes: diff(null, row, RATE_AUDITED) });
    return row;
  });
}

export async function shippingRateUpdate(db: DB, actor: Actor, id: string, raw: RateRaw): Promise<ShippingRateRow> {
  const currency = await currencyOf(db);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('shipping_rates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This shipping rate does not exist.', ['id']);
    const fmt = (m: number | null) => (m === null ? null : formatMinor(m, currency));
    const parsed = validate(
      shippingRateSchema(currency),
      {
        name: raw.name ?? before.name,
        price: raw.price ?? fmt(before.price),
        minSubtotal: raw.minSubtotal === undefined ? fmt(before.min_subtotal) : raw.minSubtotal,
        maxSubtotal: raw.maxSubtotal === undefined ? fmt(before.max_subtotal) : raw.maxSubtotal,
        freeAbove: raw.freeAbove === undefined ? fmt(before.free_above) : raw.freeAbove,
      },
      ['input'],
    );
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    const after = await trx
      .updateTable('shipping_rates')
      .set({ ...rateColumns(parsed.value), updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'shipping_rate.update', subjectType: 'ShippingZone', subjectId: before.zone_id, changes: diff(before, after, RATE_AUDITED) });
    return after;
  });
}

export async function shippingRateDelete(db: DB, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('shipping_rates').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This shipping rate does not exist.', ['id']);
    await trx.deleteFrom('shipping_rates').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'shipping_rate.delete', subjectType: 'ShippingZone', subjectId: before.zone_id, changes: diff(before, {}, RATE_AUDITED) });
  });
}

export interface ApplicableRate {
  rate: ShippingRateRow;
  zone: ShippingZoneRow;
  /** What the customer pays: 0 at or above "free above". */
  price: number;
}

/**
 * The rates a draft order may offer for an address and subtotal: the zone holding the country (else
 * the rest-of-the-world zone), its rates whose subtotal window fits, cheapest first.
 */
export async function applicableShippingRates(db: Executor, countryCode: string, subtotal: number): Promise<ApplicableRate[]> {
  const zones = await db.selectFrom('shipping_zones').selectAll().where(sql<boolean>`countries && array[${countryCode.toUpperCase()}, '*']::text[]`).execute();
  const zone = zones.find((z) => z.countries.includes(countryCode.toUpperCase())) ?? zones.find((z) => z.countries.includes('*'));
  if (!zone) return [];
  const rates = await db.selectFrom('shipping_rates').selectAll().where('zone_id', '=', zone.id).orderBy('position').orderBy('id').execute();
  return rates
    .filter((r) => (r.min_subtotal === null || subtotal >= r.min_subtotal) && (r.max_subtotal === null || subtotal <= r.max_subtotal))
    .map((rate) => ({ rate, zone, price: rate.free_above !== null && subtotal >= rate.free_above ? 0 : rate.price }))
    .sort((a, b) => a.price - b.price || a.rate.position - b.rate.position);
}

// ---- Taxes ----

type TaxRaw = { countryCode?: string | null; region?: string | null; rate?: string | null; name?: string | null; version?: number | null };

async function placeTaken(trx: Executor, countryCode: string, region: string | null, exceptId: string | null): Promise<boolean> {
  let q = trx.selectFrom('tax_rates').select('id').where('country_code', '=', countryCode).where(sql<string>`coalesce(lower(region), '')`, '=', (region ?? '').toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function taxRateCreate(db: DB, actor: Actor, raw: TaxRaw): Promise<TaxRateRow> {
  const parsed = validate(taxRateSchema, raw, ['input']);
  if (!parsed.ok) throw new UserErrors(parsed.errors);
  const v = parsed.value;
  return db.transaction().execute(async (trx) => {
    if (await placeTaken(trx, v.countryCode, v.region, null)) {
      throw UserErrors.one('TAKEN', `${countryName(v.countryCode)}${v.region ? ` (${v.region})` : ''} already has a tax rate; edit that one.`, ['input', 'countryCode']);
    }
    const row = await trx.insertInto('tax_rates').values({ id: uuidv7(), country_code: v.countryCode, region: v.region, rate: v.rate, name: v.name }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'tax_rate.create', subjectType: 'TaxRate', subjectId: row.id, changes: diff(null, row, ['country_code', 'region', 'rate', 'name']) });
    return row;
  });
}

export async function taxRateUpdate(db: DB, actor: Actor, id: string, raw: TaxRaw): Promise<TaxRateRow> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('tax_rates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This tax rate does not exist.', ['id']);
    if (raw.version != null && raw.version !== before.version) throw UserErrors.one('STALE_VERSION', 'Someone else changed this tax rate since you opened it.', ['input', 'version']);
    const parsed = validate(
      taxRateSchema,
      { countryCode: raw.countryCode ?? before.country_code.trim(), region: raw.region === undefined ? before.region : raw.region, rate: raw.rate ?? String(Number(before.rate)), name: raw.name ?? before.name },
      ['input'],
    );
    if (!parsed.ok) throw new UserErrors(parsed.errors);
    const v = parsed.value;
    if (await placeTaken(trx, v.countryCode, v.region, id)) throw UserErrors.one('TAKEN', `${countryName(v.countryCode)} already has a tax rate for that region.`, ['input', 'region']);
    const after = await trx
      .updateTable('tax_rates')
      .set({ country_code: v.countryCode, region: v.region, rate: v.rate, name: v.name, updated_at: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'tax_rate.update', subjectType: 'TaxRate', subjectId: id, changes: diff(before, after, ['country_code', 'region', 'rate', 'name']) });
    return after;
  });
}

export async function taxRateDelete(db: DB, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw UserErrors.one('INVALID', 'This tax rate does not exist.', ['id']);
    await trx.deleteFrom('tax_rates').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'tax_rate.delete', subjectType: 'TaxRate', subjectId: id, changes: diff(before, {}, ['country_code', 'region', 'rate', 'name']) });
  });
}

export interface TaxResult {
  rate: TaxRateRow | null;
  lines: number[];
  shipping: number;
  total: number;
  pricesIncludeTax: boolean;
}

/** Tax for line amounts and shipping shipped to an address: the region's rate, else the country's, else none. */
export async function computeTax(db: Executor, address: { countryCode: string; region?: string | null }, lineAmounts: number[], shipping: number): Promise<TaxResult> {
  const settings = await getSettings(db);
  const rates = await db.selectFrom('tax_rates').selectAll().where('country_code', '=', address.countryCode.toUpperCase()).execute();
  const region = (address.region ?? '').trim().toLowerCase();
  const rate = rates.find((r) => region && r.region?.toLowerCase() === region) ?? rates.find((r) => r.region === null) ?? null;
  const lines = lineAmounts.map((a) => (rate ? taxOn(a, rate.rate, settings.prices_include_tax) : 0));
  const shippingTax = rate ? taxOn(shipping, rate.rate, settings.prices_include_tax) : 0;
  return { rate, lines, shipping: shippingTax, total: lines.reduce((a, b) => a + b, 0) + shippingTax, pricesIncludeTax: settings.prices_include_tax };
}

export function idOf(type: 'ShippingZone' | 'ShippingRate' | 'TaxRate', id: string | number, field = 'id'): string {
  const uuid = decodeIdOf(type, String(id));
  if (!uuid) throw UserErrors.one('INVALID', 'This does not exist.', [field]);
  return uuid;
}
