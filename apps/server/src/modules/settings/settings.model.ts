import type { AddressJson } from '../../db/columns.js';
import type { StoreSettingsRow } from './settings.tables.js';

/** The store's settings as the rest of the server sees them; only the repository reads the row. */
export interface Shop {
  name: string;
  contactEmail: string | null;
  address: AddressJson | null;
  /** ISO 4217, upper case, no padding. */
  currencyCode: string;
  timezone: string;
  weightUnit: string;
  orderNumberPrefix: string;
  lowStockThreshold: number;
  pricesIncludeTax: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export function toShop(row: StoreSettingsRow): Shop {
  return {
    name: row.name,
    contactEmail: row.contact_email,
    address: row.address,
    currencyCode: row.currency_code.trim(),
    timezone: row.timezone,
    weightUnit: row.weight_unit,
    orderNumberPrefix: row.order_number_prefix,
    lowStockThreshold: row.low_stock_threshold,
    pricesIncludeTax: row.prices_include_tax,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}
