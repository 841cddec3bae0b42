import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { ShippingRateTable, ShippingZoneTable, TaxRateTable } from './shipping.tables.js';

/**
 * Shipping's and taxes' domain objects: what their repositories hand the rest of the server,
 * derived from the tables (db/row.ts).
 */

export const zoneRow = tableRow<ShippingZoneTable>()([
  'id',
  'name',
  'countries',
  'created_at',
  'updated_at',
  'version',
] as const);
export type ShippingZone = Camel<Selectable<ShippingZoneTable>>;

export const rateRow = tableRow<ShippingRateTable>()([
  'id',
  'zone_id',
  'name',
  'price',
  'min_subtotal',
  'max_subtotal',
  'free_above',
  'position',
  'created_at',
  'updated_at',
  'version',
] as const);
export type ShippingRate = Camel<Selectable<ShippingRateTable>>;

export const taxRateRow = tableRow<TaxRateTable>()(
  ['id', 'country_code', 'region', 'rate', 'name', 'created_at', 'updated_at', 'version'] as const,
  // character(2): PostgreSQL pads it; every read trims it.
  { fix: { country_code: (v) => v.trim() } },
);
export type TaxRate = Camel<Selectable<TaxRateTable>>;
