import { SimpleGrid, Stack, Text } from '@mantine/core';
import { taxRateSchema } from '@stockroom/domain';
import { FormErrors } from '../../../components/form-errors';
import { CountryField } from '../../../components/forms/country-fields';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import type { TaxRateInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

export interface TaxRateValues {
  countryCode: string;
  region: string;
  rate: string;
  name: string;
}

export const EMPTY_TAX_RATE: TaxRateValues = { countryCode: '', region: '', rate: '', name: '' };

export function taxRateInput(v: TaxRateValues): TaxRateInput {
  return {
    countryCode: v.countryCode,
    region: v.region.trim() || null,
    rate: v.rate.trim(),
    name: v.name.trim(),
  };
}

interface TaxRateFormProps {
  initial: TaxRateValues;
  submitLabel: string;
  onSubmit: (values: TaxRateValues) => Promise<readonly PlaceableUserError[]>;
  onCancel: () => void;
}

/** One tax rate: a country, optionally a region within it, a percentage and a name for invoices. */
export function TaxRateForm({ initial, submitLabel, onSubmit, onCancel }: TaxRateFormProps) {
  const form = useZodForm<TaxRateValues>({ schema: taxRateSchema, defaultValues: initial, onSubmit });
  const { control } = form;

  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Tax rate">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} />
        <CountryField control={control} name="countryCode" label="Country" required />
        <TextField
          control={control}
          name="region"
          label="Region"
          description="Optional: a state or province, like CA. Empty applies to the whole country."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={control}
            name="rate"
            label="Rate"
            required
            inputMode="decimal"
            description="Percent, up to 3 decimals, like 8.875"
            rightSection={
              <Text size="sm" c="dimmed">
                %
              </Text>
            }
          />
          <TextField
            control={control}
            name="name"
            label="Name"
            required
            description="Shown on orders, like VAT or Sales tax"
          />
        </SimpleGrid>
        <FormActions submitLabel={submitLabel} saving={form.saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
