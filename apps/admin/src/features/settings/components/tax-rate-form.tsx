import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { taxRateSchema } from '@stockroom/domain';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CountrySelect } from '../../../components/country-select';
import type { TaxRateInput } from '../../../gql/graphql';
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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const input = (field: Exclude<Field, 'countryCode'>) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    error: errors[field],
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = taxRateSchema.safeParse(taxRateInput(values));
    const local: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const i of parsed.error.issues) local[String(i.path[0]) as Field] ??= i.message;
    setErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length) return;
    setSaving(true);
    const result = await onSubmit(values).finally(() => setSaving(false));
    const fields: Partial<Record<Field, string>> = {};
    const rest: string[] = [];
    for (const e of result) {
      const name = FIELDS.find((f) => f === e.field?.at(-1));
      if (name) fields[name] ??= e.message;
      else rest.push(e.message);
    }
    setErrors(fields);
    setFormErrors(rest);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Tax rate">
      <Stack gap="sm">
        {formErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {formErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
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
