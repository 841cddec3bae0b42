import { Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CountrySelect } from '../../../components/country-select';
import { SectionCard } from '../../../components/section-card';
import { EMPTY_ADDRESS, type AddressValues, type DraftValues } from './draft-form';

function AddressFields({
  label,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  value: AddressValues;
  onChange: (next: AddressValues) => void;
  readOnly: boolean;
}) {
  const field = (key: keyof AddressValues, title: string, extra: { autoComplete?: string } = {}) => (
    <TextInput
      label={title}
      value={value[key]}
      readOnly={readOnly}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
      aria-label={`${label} ${title.toLowerCase()}`}
      {...extra}
    />
  );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </SimpleGrid>
      {field('line1', 'Address')}
      {field('line2', 'Apartment, suite')}
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {field('city', 'City')}
        {field('region', 'State / region')}
        {field('postalCode', 'Postal code')}
      </SimpleGrid>
      <CountrySelect
        label="Country"
        aria-label={`${label} country`}
        value={value.countryCode}
        readOnly={readOnly}
        onChange={(code) => onChange({ ...value, countryCode: code ?? '' })}
      />
    </Stack>
  );
}

/** Where it goes (which decides the shipping rates and the tax) and who pays. */
export function DraftAddressCard({
  values,
  onChange,
  error,
  readOnly,
}: {
  values: DraftValues;
  onChange: (next: DraftValues) => void;
  error: string | null;
  readOnly: boolean;
}) {
  return (
    <SectionCard title="Addresses" description="The shipping address decides the shipping rates and the tax.">
      <Stack gap="md">
        {values.shippingAddress ? (
          <AddressFields
            label="Shipping"
            value={values.shippingAddress}
            readOnly={readOnly}
            onChange={(a) => onChange({ ...values, shippingAddress: a })}
          />
        ) : readOnly ? (
          <Text size="sm" c="dimmed">
            No shipping address
          </Text>
        ) : (
          <Button
            variant="light"
            onClick={() => onChange({ ...values, shippingAddress: { ...EMPTY_ADDRESS } })}
          >
            Add shipping address
          </Button>
        )}
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        )}
        {values.shippingAddress && (
          <Checkbox
            label="Billing address is the same"
            checked={values.billingSame}
            disabled={readOnly}
            onChange={(e) =>
              onChange({
                ...values,
                billingSame: e.currentTarget.checked,
                billingAddress: e.currentTarget.checked
                  ? null
                  : { ...(values.shippingAddress ?? EMPTY_ADDRESS) },
              })
            }
          />
        )}
        {!values.billingSame && values.billingAddress && (
          <>
            <Text fw={600} size="sm">
              Billing address
            </Text>
            <AddressFields
              label="Billing"
              value={values.billingAddress}
              readOnly={readOnly}
              onChange={(a) => onChange({ ...values, billingAddress: a })}
            />
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
