import { Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ADDRESS_FIELDS } from '@stockroom/domain';
import { CountrySelect } from '../../../components/country-select';
import { SectionCard } from '../../../components/section-card';
import { EMPTY_ADDRESS, newAddress, type AddressValues, type DraftValues } from './draft-form';

function AddressFields({
  label,
  value,
  onChange,
  readOnly,
  errors,
}: {
  label: string;
  value: AddressValues;
  onChange: (next: AddressValues) => void;
  readOnly: boolean;
  /** Messages by the address's part (city, countryCode …). */
  errors: Partial<Record<keyof AddressValues, string>>;
}) {
  const field = (key: keyof AddressValues, title: string, extra: { autoComplete?: string } = {}) => (
    <TextInput
      label={title}
      value={value[key]}
      readOnly={readOnly}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
      aria-label={`${label} ${title.toLowerCase()}`}
      error={errors[key]}
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
        error={errors.countryCode}
      />
    </Stack>
  );
}

/** The messages about one address's parts, from the editor's errors ("shippingAddress.city"). */
function partErrors(errors: Record<string, string>, address: string) {
  return Object.fromEntries(
    ADDRESS_FIELDS.filter((p) => errors[`${address}.${p}`]).map((p) => [p, errors[`${address}.${p}`]]),
  ) as Partial<Record<keyof AddressValues, string>>;
}

/**
 * Where it goes (which decides the shipping rates and the tax) and who pays. A new address starts
 * with the customer's name; each message shows under its input.
 */
export function DraftAddressCard({
  values,
  onChange,
  errors,
  readOnly,
}: {
  values: DraftValues;
  onChange: (next: DraftValues) => void;
  /** The editor's field errors; only those about the addresses are shown here. */
  errors: Record<string, string>;
  readOnly: boolean;
}) {
  const shipping = partErrors(errors, 'shippingAddress');
  const billing = partErrors(errors, 'billingAddress');
  // A message about an address as a whole (no part named) shows below it.
  const whole = (key: string, parts: object) =>
    Object.keys(parts).length === 0 ? (errors[key] ?? null) : null;
  const error = whole('shippingAddress', shipping) ?? whole('billingAddress', billing);
  return (
    <SectionCard title="Addresses" description="The shipping address decides the shipping rates and the tax.">
      <Stack gap="md">
        {values.shippingAddress ? (
          <AddressFields
            label="Shipping"
            value={values.shippingAddress}
            readOnly={readOnly}
            errors={shipping}
            onChange={(a) => onChange({ ...values, shippingAddress: a })}
          />
        ) : readOnly ? (
          <Text size="sm" c="dimmed">
            No shipping address
          </Text>
        ) : (
          <Button
            variant="light"
            onClick={() => onChange({ ...values, shippingAddress: newAddress(values.customer) })}
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
              errors={billing}
              onChange={(a) => onChange({ ...values, billingAddress: a })}
            />
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
