import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CURRENCIES, shopSchema, WEIGHT_UNITS } from '@stockroom/domain';
import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { CountrySelect } from '../../../components/country-select';
import type { ShopFieldsFragment, ShopInput } from '../../../gql/graphql';
import type { UserErrorLike } from '../../../lib/user-errors';

const WEIGHT_LABELS: Record<string, string> = {
  G: 'Grams (g)',
  KG: 'Kilograms (kg)',
  LB: 'Pounds (lb)',
  OZ: 'Ounces (oz)',
};
const ADDRESS = [
  'company',
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'countryCode',
  'phone',
] as const;
type AddressKey = (typeof ADDRESS)[number];

export interface StoreValues extends Record<AddressKey, string> {
  name: string;
  contactEmail: string;
  currencyCode: string;
  timezone: string;
  weightUnit: string;
  orderNumberPrefix: string;
  lowStockThreshold: number | string;
  pricesIncludeTax: boolean;
}

export function storeValues(shop: ShopFieldsFragment): StoreValues {
  const a = shop.address;
  const address = Object.fromEntries(ADDRESS.map((k) => [k, a?.[k] ?? ''])) as Record<AddressKey, string>;
  return {
    ...address,
    name: shop.name,
    contactEmail: shop.contactEmail ?? '',
    currencyCode: shop.currencyCode,
    timezone: shop.timezone,
    weightUnit: shop.weightUnit,
    orderNumberPrefix: shop.orderNumberPrefix,
    lowStockThreshold: shop.lowStockThreshold,
    pricesIncludeTax: shop.pricesIncludeTax,
  };
}

export function storeInput(v: StoreValues): ShopInput {
  const address = Object.fromEntries(ADDRESS.map((k) => [k, v[k].trim() || null]));
  return {
    name: v.name.trim(),
    contactEmail: v.contactEmail.trim() || null,
    currencyCode: v.currencyCode,
    timezone: v.timezone,
    weightUnit: v.weightUnit,
    orderNumberPrefix: v.orderNumberPrefix.trim(),
    lowStockThreshold: typeof v.lowStockThreshold === 'number' ? v.lowStockThreshold : Number.NaN,
    pricesIncludeTax: v.pricesIncludeTax,
    address,
  };
}

function check(v: StoreValues): Record<string, string> {
  const result = shopSchema.safeParse(storeInput(v));
  const out: Record<string, string> = {};
  if (!result.success) for (const i of result.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

interface StoreFormProps {
  initial: StoreValues;
  disabled: boolean;
  onSubmit: (values: StoreValues) => Promise<readonly UserErrorLike[]>;
}

/** Store settings; the server decides (it refuses some currency changes with a message). */
export function StoreForm({ initial, disabled, onSubmit }: StoreFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = <K extends keyof StoreValues>(key: K, value: StoreValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field's message goes once it is edited; the next save checks again.
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const text = (key: 'name' | 'contactEmail' | 'orderNumberPrefix' | AddressKey) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
    disabled,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = check(values);
    setErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length) return;
    setSaving(true);
    const result = await onSubmit(values).finally(() => setSaving(false));
    const fields: Record<string, string> = {};
    const rest: string[] = [];
    for (const e of result) {
      const last = e.field?.at(-1);
      if (last && last !== 'input' && last !== 'version' && e.code !== 'STALE_VERSION')
        fields[last] ??= e.message;
      else rest.push(e.message);
    }
    setErrors(fields);
    setFormErrors(rest);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Store settings">
      <Stack gap="md">
        {formErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {formErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Store name" required {...text('name')} />
          <TextInput label="Contact email" type="email" {...text('contactEmail')} />
        </SimpleGrid>
        <TextInput label="Company" {...text('company')} />
        <TextInput label="Address" {...text('line1')} />
        <TextInput label="Apartment, suite, unit" {...text('line2')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="City" {...text('city')} />
          <TextInput label="State or region" {...text('region')} />
          <TextInput label="Postal code" {...text('postalCode')} />
          <CountrySelect
            label="Country"
            clearable
            value={values.countryCode || null}
            onChange={(c) => set('countryCode', c ?? '')}
            error={errors['countryCode']}
            disabled={disabled}
          />
          <TextInput label="Phone" {...text('phone')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Currency"
            data={[...CURRENCIES]}
            searchable
            allowDeselect={false}
            value={values.currencyCode}
            onChange={(c) => c && set('currencyCode', c)}
            error={errors['currencyCode']}
            disabled={disabled}
            description="Every price and order is in this currency."
          />
          <Select
            label="Time zone"
            data={zones}
            searchable
            allowDeselect={false}
            limit={100}
            value={values.timezone}
            onChange={(z) => z && set('timezone', z)}
            error={errors['timezone']}
            disabled={disabled}
            description="Days in reports start at midnight here."
          />
          <Select
            label="Weight unit"
            data={WEIGHT_UNITS.map((u) => ({ value: u, label: WEIGHT_LABELS[u] ?? u }))}
            allowDeselect={false}
            value={values.weightUnit}
            onChange={(u) => u && set('weightUnit', u)}
            error={errors['weightUnit']}
            disabled={disabled}
          />
          <TextInput
            label="Order number prefix"
            description="Shown before order numbers, like # in #1001."
            maxLength={10}
            {...text('orderNumberPrefix')}
          />
          <NumberInput
            label="Low-stock threshold"
            description="Variants at or below this many units count as low."
            min={0}
            max={1_000_000}
            allowDecimal={false}
            value={values.lowStockThreshold}
            onChange={(n) => set('lowStockThreshold', n)}
            error={errors['lowStockThreshold']}
            disabled={disabled}
          />
        </SimpleGrid>
        <Checkbox
          label="Prices include tax"
          description="Tax is then the part of the price that is tax, not added on top."
          checked={values.pricesIncludeTax}
          onChange={(e) => set('pricesIncludeTax', e.currentTarget.checked)}
          disabled={disabled}
        />
        {!disabled && (
          <Group
            justify="flex-end"
            pos={dirty ? 'sticky' : undefined}
            bottom={0}
            py="sm"
            bg="var(--mantine-color-body)"
            style={
              dirty ? { borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 } : undefined
            }
            data-testid="save-bar"
          >
            {dirty && (
              <Text size="sm" c="dimmed" mr="auto">
                Unsaved changes
              </Text>
            )}
            {dirty && (
              <Button
                variant="default"
                onClick={() => {
                  setValues(initial);
                  setErrors({});
                }}
              >
                Discard
              </Button>
            )}
            <Button type="submit" loading={saving} disabled={!dirty}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
