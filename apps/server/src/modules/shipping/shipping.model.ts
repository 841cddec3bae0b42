import type { ShippingRateRow, ShippingZoneRow, TaxRateRow } from './shipping.tables.js';

/** Shipping's and taxes' domain objects: what their repositories hand the rest of the server. */
export interface ShippingZone {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes; "*" stands for every country no other zone has. */
  countries: string[];
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface ShippingRate {
  id: string;
  zoneId: string;
  name: string;
  /** Minor units, like every amount. */
  price: number;
  minSubtotal: number | null;
  maxSubtotal: number | null;
  freeAbove: number | null;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface TaxRate {
  id: string;
  countryCode: string;
  region: string | null;
  /** Percent as exact decimal text, e.g. "8.875". */
  rate: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export function toZone(r: ShippingZoneRow): ShippingZone {
  return {
    id: r.id,
    name: r.name,
    countries: r.countries,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toRate(r: ShippingRateRow): ShippingRate {
  return {
    id: r.id,
    zoneId: r.zone_id,
    name: r.name,
    price: r.price,
    minSubtotal: r.min_subtotal,
    maxSubtotal: r.max_subtotal,
    freeAbove: r.free_above,
    position: r.position,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

export function toTaxRate(r: TaxRateRow): TaxRate {
  return {
    id: r.id,
    countryCode: r.country_code.trim(),
    region: r.region,
    rate: r.rate,
    name: r.name,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}
