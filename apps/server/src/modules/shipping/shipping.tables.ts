import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../db/columns.js';

export interface ShippingZoneTable {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes; "*" stands for every country no other zone has. */
  countries: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ShippingRateTable {
  id: string;
  zone_id: string;
  name: string;
  /** Minor units, like every amount. */
  price: number;
  min_subtotal: number | null;
  max_subtotal: number | null;
  free_above: number | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface TaxRateTable {
  id: string;
  country_code: string;
  region: string | null;
  /** Percent with up to 3 decimals, as a string (numeric). */
  rate: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** This module's tables, as Kysely sees them. */
export interface ShippingTables {
  shipping_zones: ShippingZoneTable;
  shipping_rates: ShippingRateTable;
  tax_rates: TaxRateTable;
}

export type ShippingZoneRow = Selectable<ShippingZoneTable>;
export type ShippingRateRow = Selectable<ShippingRateTable>;
export type TaxRateRow = Selectable<TaxRateTable>;
