import { SimpleGrid, Stack } from '@mantine/core';
import { COUNTRIES_WITHOUT_POSTAL_CODES } from '@stockroom/domain';
import {
  useWatch,
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { CountryField } from './country-fields';
import { TextField } from './form-fields';

/** A place's address (the store, a location): every part optional. */
export interface PlaceAddressValues {
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
  phone: string;
}

/** A person's address (customers): who receives the parcel, too. */
export interface PersonAddressValues extends PlaceAddressValues {
  firstName: string;
  lastName: string;
}

const PLACE_PARTS = [
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'phone',
] as const;
const PERSON_PARTS = ['firstName', 'lastName', ...PLACE_PARTS] as const;

type Stored<K extends string> = Partial<Record<K, string | null>> | null | undefined;

function valuesOf<K extends string>(parts: readonly K[], address: Stored<K>): Record<K, string> {
  return Object.fromEntries(parts.map((k) => [k, address?.[k] ?? ''])) as Record<K, string>;
}

/** A stored address as form values (nulls become ""). */
export function placeAddressValues(address?: Stored<keyof PlaceAddressValues>): PlaceAddressValues {
  return valuesOf(PLACE_PARTS, address);
}

export function personAddressValues(address?: Stored<keyof PersonAddressValues>): PersonAddressValues {
  return valuesOf(PERSON_PARTS, address);
}

/** The values as the API's AddressInput: trimmed, the country code in capitals, empty parts null. */
export function addressInput<A extends PlaceAddressValues>(values: A): Record<keyof A, string | null> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      const text = typeof v === 'string' ? v.trim() : '';
      return [k, (k === 'countryCode' ? text.toUpperCase() : text) || null];
    }),
  ) as Record<keyof A, string | null>;
}

interface AddressFieldsProps<V extends FieldValues> {
  control: Control<V>;
  /** Where the address sits in the form's values: "address", "addresses.0". */
  prefix: FieldPathByValue<V, PlaceAddressValues>;
  /** A person's address has names, and what a parcel needs is required (SPEC §5); a place's is all optional. */
  kind: 'person' | 'place';
  disabled?: boolean;
}

/** The inputs of one address, for customers, locations and the store. */
export function AddressFields<V extends FieldValues>({
  control,
  prefix,
  kind,
  disabled = false,
}: AddressFieldsProps<V>) {
  const name = (part: keyof PersonAddressValues) => `${prefix}.${part}` as FieldPath<V>;
  const countryCode: unknown = useWatch({ control, name: name('countryCode') });
  const person = kind === 'person';
  const noPostalCodes = typeof countryCode === 'string' && COUNTRIES_WITHOUT_POSTAL_CODES.has(countryCode);
  const text = (part: keyof PersonAddressValues) => ({ control, name: name(part), disabled });
  // The browser's own address would be the wrong one for a customer.
  const auto = (token: string) => (person ? 'off' : token);
  return (
    <Stack gap="sm">
      {person && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField label="First name" autoComplete="off" {...text('firstName')} />
          <TextField label="Last name" autoComplete="off" {...text('lastName')} />
        </SimpleGrid>
      )}
      <TextField label="Company" {...text('company')} />
      <TextField label="Address" required={person} autoComplete={auto('address-line1')} {...text('line1')} />
      <TextField label="Apartment, suite, unit" autoComplete={auto('address-line2')} {...text('line2')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField label="City" required={person} autoComplete={auto('address-level2')} {...text('city')} />
        <TextField label="State or region" autoComplete={auto('address-level1')} {...text('region')} />
        <CountryField
          label="Country"
          required={person}
          clearable={!person}
          control={control}
          name={name('countryCode')}
          disabled={disabled}
        />
        <TextField
          label="Postal code"
          required={person && !noPostalCodes}
          description={noPostalCodes ? 'This country has no postal codes.' : undefined}
          autoComplete={auto('postal-code')}
          {...text('postalCode')}
        />
      </SimpleGrid>
      <TextField label="Phone" description="With country code, like +44 20 7946 0958" {...text('phone')} />
    </Stack>
  );
}
