import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { StoreSettingsTable } from './settings.tables.js';

/**
 * The store's settings as the rest of the server sees them (derived from their table,
 * db/row.ts); the row's id (there is one row) stays in the repository.
 */
export const shopRow = tableRow<StoreSettingsTable>()(
  [
    'name',
    'contact_email',
    'address',
    'currency_code',
    'timezone',
    'weight_unit',
    'order_number_prefix',
    'low_stock_threshold',
    'prices_include_tax',
    'created_at',
    'updated_at',
    'version',
  ] as const,
  // character(3): PostgreSQL pads it; every read trims it.
  { omit: ['id'], fix: { currency_code: (v) => v.trim() }, json: ['address'] },
);
export type Shop = Camel<Omit<Selectable<StoreSettingsTable>, 'id'>>;
