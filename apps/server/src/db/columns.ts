import type { ColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string (or left to its default). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column of shape T. */
export type Json<T> = ColumnType<T, T | string, T | string>;

export interface AddressJson {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  phone?: string | null;
}
