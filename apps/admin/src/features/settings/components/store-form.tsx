import { SimpleGrid, Stack } from '@mantine/core';
import { CURRENCIES, looseAddressSchema, shopSchema, WEIGHT_UNITS } from '@stockroom/domain';
import { useMemo } from 'react';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { SaveBar } from '../../../components/forms/save-bar';
import {
  AddressFields,
  addressInput,
  placeAddressValues,
  type PlaceAddressValues,
} from '../../../components/forms/address-fields';
import { CheckboxField, TextField } from '../../../components/forms/form-fields';
import { NumberField } from '../../../components/forms/number-field';
import { SelectField } from '../../../components/forms/select-field';
import type { ShopFieldsFragment, ShopInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

const WEIGHT_LABELS: Record<string, string> = {
  G: 'Grams (g)',
  KG: 'Kilograms (kg)',
  LB: 'Pounds (lb)',
  OZ: 'Ounces (oz)',
};

export interface StoreValues {
  name: string;
  contactEmail: string;
  currencyCode: string;
  timezone: string;
  weightUnit: string;
  orderNumberPrefix: string;
  /** As the number input holds it: a number, or '' while empty. */
  lowStockThreshold: number | string;
  pricesIncludeTax: boolean;
  address: PlaceAddressValues;
}

export function storeValues(shop: ShopFieldsFragment): StoreValues {
  return {
    name: shop.name,
    contactEmail: shop.contactEmail ?? '',
    currencyCode: shop.currencyCode,
    timezone: shop.timezone,
    weightUnit: shop.weightUnit,
    orderNumberPrefix: shop.orderNumberPrefix,
    lowStockThreshold: shop.lowStockThreshold,
    pricesIncludeTax: shop.pricesIncludeTax,
    address: placeAddressValues(shop.address),
  };
}

export function storeInput(v: StoreValues): ShopInput {
  return {
    name: v.name.trim(),
    contactEmail: v.contactEmail.trim() || null,
    currencyCode: v.currencyCode,
    timezone: v.timezone,
    weightUnit: v.weightUnit,
    orderNumberPrefix: v.orderNumberPrefix.trim(),
    lowStockThreshold: typeof v.lowStockThreshold === 'number' ? v.lowStockThreshold : Number.NaN,
    pricesIncludeTax: v.pricesIncludeTax,
    address: addressInput(v.address),
  };
}

/** What shopUpdate checks (the shop's rules, then the address), over the input the form sends. */
export const storeSchema = z.preprocess(
  (v) => storeInput(v as StoreValues),
  shopSchema.extend({
    lowStockThreshold: z.number({ error: 'Enter a whole number.' }).pipe(shopSchema.shape.lowStockThreshold),
    address: looseAddressSchema,
  }),
);

interface StoreFormProps {
  initial: StoreValues;
  disabled: boolean;
  onSubmit: (values: StoreValues) => Promise<readonly PlaceableUserError[]>;
}

/** Store settings; the server decides (it refuses some currency changes with a message). */
export function StoreForm({ initial, disabled, onSubmit }: StoreFormProps) {
  const form = useZodForm<StoreValues>({ schema: storeSchema, defaultValues: initial, onSubmit });
  const { control } = form;
  const dirty = form.formState.isDirty;
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);

  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Store settings">
      <Stack gap="md">
        <FormErrors messages={form.formErrors} title="Not saved" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField control={control} name="name" label="Store name" required disabled={disabled} />
          <TextField
            control={control}
            name="contactEmail"
            label="Contact email"
            type="email"
            disabled={disabled}
          />
        </SimpleGrid>
        <AddressFields control={control} prefix="address" kind="place" disabled={disabled} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField
            control={control}
            name="currencyCode"
            label="Currency"
            data={[...CURRENCIES]}
            searchable
            allowDeselect={false}
            disabled={disabled}
            description="Every price and order is in this currency."
          />
          <SelectField
            control={control}
            name="timezone"
            label="Time zone"
            data={zones}
            searchable
            allowDeselect={false}
            limit={100}
            disabled={disabled}
            description="Days in reports start at midnight here."
          />
          <SelectField
            control={control}
            name="weightUnit"
            label="Weight unit"
            data={WEIGHT_UNITS.map((u) => ({ value: u, label: WEIGHT_LABELS[u] ?? u }))}
            allowDeselect={false}
            disabled={disabled}
          />
          <TextField
            control={control}
            name="orderNumberPrefix"
            label="Order number prefix"
            description="Shown before order numbers, like # in #1001."
            maxLength={10}
            disabled={disabled}
          />
          <NumberField
            control={control}
            name="lowStockThreshold"
            label="Low-stock threshold"
            description="Variants at or below this many units count as low."
            min={0}
            max={1_000_000}
            allowDecimal={false}
            disabled={disabled}
          />
        </SimpleGrid>
        <CheckboxField
          control={control}
          name="pricesIncludeTax"
          label="Prices include tax"
          description="Tax is then the part of the price that is tax, not added on top."
          disabled={disabled}
        />
        {!disabled && (
          <SaveBar
            dirty={dirty}
            saving={form.saving}
            onDiscard={() => form.reset()}
            submitLabel="Save settings"
          />
        )}
      </Stack>
    </form>
  );
}
