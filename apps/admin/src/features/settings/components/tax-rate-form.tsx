import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { taxRateSchema } from '@stockroom/domain';
import { CountrySelect } from '../../../components/country-select';
import type { TaxRateInput } from '../../../gql/graphql';
import { FormErrors } from '../../../components/form-errors';
import { firstIssues, useTextForm } from '../../../lib/use-text-form';
import type { UserErrorLike } from '../../../lib/user-errors';

const FIELDS = ['countryCode', 'region', 'rate', 'name'] as const;
type Field = (typeof FIELDS)[number];
export type TaxRateValues = Record<Field, string>;

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
  onSubmit: (values: TaxRateValues) => Promise<readonly UserErrorLike[]>;
  onCancel: () => void;
}

/** One tax rate: a country, optionally a region within it, a percentage and a name for invoices. */
export function TaxRateForm({ initial, submitLabel, onSubmit, onCancel }: TaxRateFormProps) {
  const { values, setValues, errors, formErrors, saving, input, submit } = useTextForm({
    fields: FIELDS,
    initial,
    check: (v) => firstIssues(taxRateSchema.safeParse(taxRateInput(v))),
    onSubmit,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Tax rate">
      <Stack gap="sm">
        <FormErrors messages={formErrors} />
        <CountrySelect
          label="Country"
          required
          value={values.countryCode || null}
          onChange={(c) => setValues((v) => ({ ...v, countryCode: c ?? '' }))}
          error={errors.countryCode}
        />
        <TextInput
          label="Region"
          description="Optional: a state or province, like CA. Empty applies to the whole country."
          {...input('region')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Rate"
            required
            inputMode="decimal"
            description="Percent, up to 3 decimals, like 8.875"
            rightSection={
              <Text size="sm" c="dimmed">
                %
              </Text>
            }
            {...input('rate')}
          />
          <TextInput
            label="Name"
            required
            description="Shown on orders, like VAT or Sales tax"
            {...input('name')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
