import type { Generated, Selectable } from 'kysely';
import type { Timestamp, Json, AddressJson } from '../../db/columns.js';

export interface StoreSettingsTable {
  id: Generated<number>;
  name: string;
  contact_email: string | null;
  address: Json<AddressJson | null>;
  /** ISO 4217, upper case (character(3): read trimmed). */
  currency_code: Generated<string>;
  timezone: Generated<string>;
  weight_unit: Generated<string>;
  order_number_prefix: Generated<string>;
  low_stock_threshold: Generated<number>;
  prices_include_tax: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** This module's tables, as Kysely sees them. */
export interface SettingsTables {
  store_settings: StoreSettingsTable;
}

export type StoreSettingsRow = Selectable<StoreSettingsTable>;
