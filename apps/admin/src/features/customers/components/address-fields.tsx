import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { addressSchema, COUNTRIES_WITHOUT_POSTAL_CODES } from '@stockroom/domain';
import type { ChangeEvent } from 'react';
import { CountrySelect } from '../../../components/country-select';
import type { AddressInput } from '../../../gql/graphql';
import { zodFieldErrors, type FieldErrors } from './customer-errors';

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'phone',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  countryCode: '',
  phone: '',
};

/** A stored address as form values (nulls become ""). */
export function addressValues(address: Partial<Record<AddressField, string | null>>): AddressValues {
  const out = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) out[field] = address[field] ?? '';
  return out;
}

/** The values as the API input; empty optional fields become null. */
export function addressInput(values: AddressValues): AddressInput {
  const out: AddressInput = {};
  for (const field of ADDRESS_FIELDS) out[field] = values[field].trim() || null;
  return out;
}

/** The shared rule (packages/domain addressSchema) for instant feedback; the server decides. */
export function checkAddress(values: AddressValues): FieldErrors {
  // Required fields go in as typed, so an empty one gets its own message rather than a type error.
  const { line1, city, countryCode } = values;
  const result = addressSchema.safeParse({ ...addressInput(values), line1, city, countryCode });
  return result.success ? {} : zodFieldErrors(result.error);
}

interface AddressFieldsProps {
  values: AddressValues;
  onChange: (values: AddressValues) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** The inputs of one address; the postal code is required unless the country has none. */
export function AddressFields({ values, onChange, errors, disabled = false }: AddressFieldsProps) {
  const text = (field: AddressField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ ...values, [field]: event.currentTarget.value }),
    error: errors[field],
    disabled,
  });
  const postalRequired = !values.countryCode || !COUNTRIES_WITHOUT_POSTAL_CODES.has(values.countryCode);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" autoComplete="off" {...text('firstName')} />
        <TextInput label="Last name" autoComplete="off" {...text('lastName')} />
      </SimpleGrid>
      <TextInput label="Company" {...text('company')} />
      <TextInput label="Address" required {...text('line1')} />
      <TextInput label="Apartment, suite, unit" {...text('line2')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="City" required {...text('city')} />
        <TextInput label="State or region" {...text('region')} />
        <CountrySelect
          label="Country"
          required
          value={values.countryCode || null}
          onChange={(code) => onChange({ ...values, countryCode: code ?? '' })}
          error={errors['countryCode']}
          disabled={disabled}
        />
        <TextInput
          label="Postal code"
          required={postalRequired}
          description={postalRequired ? undefined : 'This country has no postal codes.'}
          {...text('postalCode')}
        />
      </SimpleGrid>
      <TextInput label="Phone" description="With country code, like +44 20 7946 0958" {...text('phone')} />
    </Stack>
  );
}
