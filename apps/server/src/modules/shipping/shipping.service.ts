import {
  countryName,
  decodeIdOf,
  formatMinor,
  shippingRateSchema,
  shippingZoneSchema,
  validate,
  type UserError,
} from '@stockroom/domain';
import type { Executor, Tx } from '../../db/database.js';
import type { ShippingRate, ShippingZone } from './shipping.model.js';
import type { Actor } from '../../actor.js';
import { DomainError } from '@stockroom/domain';
import { diff, recordAudit } from '../audit/audit.service.js';
import { storeSettings } from '../settings/settings.service.js';
import {
  deleteRate,
  deleteZone,
  findRate,
  findZone,
  insertRate,
  insertZone,
  lockZoneWrites,
  nextRatePosition,
  ratesOfZone,
  updateRate,
  updateZone,
  zonesHoldingAny,
  type RateValues,
} from './shipping.repository.js';

async function currencyOf(db: Executor): Promise<string> {
  return (await storeSettings(db)).currencyCode;
}

/** A country belongs to at most one zone (and only one zone may be "rest of the world"). */
async function countryConflicts(
  trx: Tx,
  countries: string[],
  exceptZoneId: string | null,
): Promise<UserError[]> {
  const others = await zonesHoldingAny(trx, countries, exceptZoneId);
  return countries.flatMap((c, i) => {
    const other = others.find((z) => z.countries.includes(c));
    if (!other) return [];
    const what = c === '*' ? 'The rest of the world' : countryName(c);
    return [
      {
        field: ['input', 'countries', String(i)],
        code: 'TAKEN' as const,
        message: `${what} is already in the zone ${other.name}.`,
      },
    ];
  });
}

export async function shippingZoneCreate(
  trx: Tx,
  actor: Actor,
  raw: { name?: string | null; countries?: string[] | null },
): Promise<ShippingZone> {
  const parsed = validate(shippingZoneSchema(), raw, ['input']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  await lockZoneWrites(trx);
  const conflicts = await countryConflicts(trx, parsed.value.countries, null);
  if (conflicts.length) throw new DomainError(conflicts);
  const row = await insertZone(trx, parsed.value);
  await recordAudit(trx, actor, {
    action: 'shipping_zone.create',
    subjectType: 'ShippingZone',
    subjectId: row.id,
    changes: diff(null, row, ['name', 'countries']),
  });
  return row;
}

export async function shippingZoneUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  raw: { name?: string | null; countries?: string[] | null; version?: number | null },
): Promise<ShippingZone> {
  await lockZoneWrites(trx);
  const before = await findZone(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This shipping zone does not exist.', ['id']);
  if (raw.version != null && raw.version !== before.version)
    throw DomainError.one('STALE_VERSION', 'Someone else changed this shipping zone since you opened it.', [
      'input',
      'version',
    ]);
  const parsed = validate(
    shippingZoneSchema(),
    { name: raw.name ?? before.name, countries: raw.countries ?? before.countries },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const conflicts = await countryConflicts(trx, parsed.value.countries, id);
  if (conflicts.length) throw new DomainError(conflicts);
  const after = await updateZone(trx, id, parsed.value);
  await recordAudit(trx, actor, {
    action: 'shipping_zone.update',
    subjectType: 'ShippingZone',
    subjectId: id,
    changes: diff(before, after, ['name', 'countries']),
  });
  return after;
}

export async function shippingZoneDelete(trx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await findZone(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This shipping zone does not exist.', ['id']);
  await deleteZone(trx, id);
  await recordAudit(trx, actor, {
    action: 'shipping_zone.delete',
    subjectType: 'ShippingZone',
    subjectId: id,
    changes: diff(before, {}, ['name', 'countries']),
  });
}

type RateRaw = {
  name?: string | null;
  price?: string | null;
  minSubtotal?: string | null;
  maxSubtotal?: string | null;
  freeAbove?: string | null;
};

function rateValues(v: RateValues): RateValues {
  return {
    name: v.name,
    price: v.price,
    minSubtotal: v.minSubtotal,
    maxSubtotal: v.maxSubtotal,
    freeAbove: v.freeAbove,
  };
}

const RATE_AUDITED = ['name', 'price', 'minSubtotal', 'maxSubtotal', 'freeAbove'] as const;

export async function shippingRateCreate(
  trx: Tx,
  actor: Actor,
  zoneId: string,
  raw: RateRaw,
): Promise<ShippingRate> {
  const parsed = validate(shippingRateSchema(await currencyOf(trx)), raw, ['input']);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  if (!(await findZone(trx, zoneId, { forUpdate: true })))
    throw DomainError.one('INVALID', 'This shipping zone does not exist.', ['zoneId']);
  const row = await insertRate(trx, zoneId, await nextRatePosition(trx, zoneId), rateValues(parsed.value));
  await recordAudit(trx, actor, {
    action: 'shipping_rate.create',
    subjectType: 'ShippingZone',
    subjectId: zoneId,
    changes: diff(null, row, RATE_AUDITED),
  });
  return row;
}

export async function shippingRateUpdate(
  trx: Tx,
  actor: Actor,
  id: string,
  raw: RateRaw,
): Promise<ShippingRate> {
  const currency = await currencyOf(trx);
  const before = await findRate(trx, id, { forUpdate: true });
  if (!before) throw DomainError.one('INVALID', 'This shipping rate does not exist.', ['id']);
  const fmt = (m: number | null) => (m === null ? null : formatMinor(m, currency));
  const parsed = validate(
    shippingRateSchema(currency),
    {
      name: raw.name ?? before.name,
      price: raw.price ?? fmt(before.price),
      minSubtotal: raw.minSubtotal === undefined ? fmt(before.minSubtotal) : raw.minSubtotal,
      maxSubtotal: raw.maxSubtotal === undefined ? fmt(before.maxSubtotal) : raw.maxSubtotal,
      freeAbove: raw.freeAbove === undefined ? fmt(before.freeAbove) : raw.freeAbove,
    },
    ['input'],
  );
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const after = await updateRate(trx, id, rateValues(parsed.value));
  await recordAudit(trx, actor, {
    action: 'shipping_rate.update',
    subjectType: 'ShippingZone',
    subjectId: before.zoneId,
    changes: diff(before, after, RATE_AUDITED),
  });
  return after;
}

export async function shippingRateDelete(trx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await findRate(trx, id);
  if (!before) throw DomainError.one('INVALID', 'This shipping rate does not exist.', ['id']);
  await deleteRate(trx, id);
  await recordAudit(trx, actor, {
    action: 'shipping_rate.delete',
    subjectType: 'ShippingZone',
    subjectId: before.zoneId,
    changes: diff(before, {}, RATE_AUDITED),
  });
}

export interface ApplicableRate {
  rate: ShippingRate;
  zone: ShippingZone;
  /** What the customer pays: 0 at or above "free above". */
  price: number;
}

/** What a rate costs for this subtotal, or null when the subtotal is outside its window. */
function priceFor(rate: ShippingRate, subtotal: number): number | null {
  if (rate.minSubtotal !== null && subtotal < rate.minSubtotal) return null;
  if (rate.maxSubtotal !== null && subtotal > rate.maxSubtotal) return null;
  return rate.freeAbove !== null && subtotal >= rate.freeAbove ? 0 : rate.price;
}

/**
 * The rates a draft order may offer for an address and subtotal: the zone holding the country (else
 * the rest-of-the-world zone), its rates whose subtotal window fits, cheapest first.
 */
export async function applicableShippingRates(
  db: Executor,
  countryCode: string,
  subtotal: number,
): Promise<ApplicableRate[]> {
  const code = countryCode.toUpperCase();
  const zones = await zonesHoldingAny(db, [code, '*']);
  const zone = zones.find((z) => z.countries.includes(code)) ?? zones.find((z) => z.countries.includes('*'));
  if (!zone) return [];
  const applicable: ApplicableRate[] = [];
  for (const rate of await ratesOfZone(db, zone.id)) {
    const price = priceFor(rate, subtotal);
    if (price !== null) applicable.push({ rate, zone, price });
  }
  return applicable.sort((a, b) => a.price - b.price || a.rate.position - b.rate.position);
}

export function idOf(
  type: 'ShippingZone' | 'ShippingRate' | 'TaxRate',
  id: string | number,
  field = 'id',
): string {
  const uuid = decodeIdOf(type, String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This does not exist.', [field]);
  return uuid;
}
