import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { nameSchema } from '@stockroom/domain';
import type { AddressInput } from '../../../gql/graphql';
import { FormErrors } from '../../../components/form-errors';
import { useTextForm } from '../../../lib/use-text-form';
import type { UserErrorLike } from '../../../lib/user-errors';

export const LOCATION_FIELDS = [
  'name',
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'phone',
] as const;
type Field = (typeof LOCATION_FIELDS)[number];
export type LocationValues = Record<Field, string>;

export const EMPTY_LOCATION: LocationValues = {
  name: '',
  company: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  countryCode: '',
  phone: '',
};

const LABELS: Record<Exclude<Field, 'name'>, string> = {
  company: 'Company',
  line1: 'Address',
  line2: 'Apartment, suite, unit',
  city: 'City',
  region: 'State or region',
  postalCode: 'Postal code',
  countryCode: 'Country code',
  phone: 'Phone',
};

/** The address part of the input; empty fields are sent as null. */
export function addressInput(values: LocationValues): AddressInput {
  const text = (v: string) => v.trim() || null;
  return {
    company: text(values.company),
    line1: text(values.line1),
    line2: text(values.line2),
    city: text(values.city),
    region: text(values.region),
    postalCode: text(values.postalCode),
    countryCode: text(values.countryCode.toUpperCase()),
    phone: text(values.phone),
  };
}

function check(values: LocationValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const name = nameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? 'Enter a name.';
  if (values.countryCode.trim() && !/^[A-Za-z]{2}$/.test(values.countryCode.trim())) {
    errors.countryCode = 'Use the two-letter ISO code, like US or DE.';
  }
  return errors;
}

interface LocationFormProps {
  initial: LocationValues;
  submitLabel: string;
  /** Saves; returns the server's userErrors (empty on success). */
  onSubmit: (values: LocationValues) => Promise<readonly UserErrorLike[]>;
  disabled?: boolean;
  onCancel?: () => void;
}

/** A location's name and address, for creating and editing. */
export function LocationForm({
  initial,
  submitLabel,
  onSubmit,
  disabled = false,
  onCancel,
}: LocationFormProps) {
  const { formErrors, saving, input, submit } = useTextForm({
    fields: LOCATION_FIELDS,
    initial,
    check,
    onSubmit,
    disabled,
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Location">
      <Stack gap="sm">
        <FormErrors messages={formErrors} />
        <TextInput label="Name" required maxLength={255} {...input('name')} />
        <TextInput label={LABELS.company} {...input('company')} />
        <TextInput label={LABELS.line1} {...input('line1')} autoComplete="address-line1" />
        <TextInput label={LABELS.line2} {...input('line2')} autoComplete="address-line2" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={LABELS.city} {...input('city')} autoComplete="address-level2" />
          <TextInput label={LABELS.region} {...input('region')} autoComplete="address-level1" />
          <TextInput label={LABELS.postalCode} {...input('postalCode')} autoComplete="postal-code" />
          <TextInput
            label={LABELS.countryCode}
            description="Two letters, like US"
            maxLength={2}
            {...input('countryCode')}
            autoComplete="country"
          />
        </SimpleGrid>
        <TextInput
          label={LABELS.phone}
          description="With country code, like +14155550123"
          {...input('phone')}
        />
        {!disabled && (
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
