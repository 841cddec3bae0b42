import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { shippingRateSchema } from '@stockroom/domain';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ShippingRateInput } from '../../../gql/graphql';
import type { UserErrorLike } from '../../../lib/user-errors';

const FIELDS = ['name', 'price', 'minSubtotal', 'maxSubtotal', 'freeAbove'] as const;
type Field = (typeof FIELDS)[number];
export type RateValues = Record<Field, string>;

export const EMPTY_RATE: RateValues = {
  name: '',
  price: '',
  minSubtotal: '',
  maxSubtotal: '',
  freeAbove: '',
};

export function rateInput(v: RateValues): ShippingRateInput {
  return {
    name: v.name.trim(),
    price: v.price.trim(),
    minSubtotal: v.minSubtotal.trim() || null,
    maxSubtotal: v.maxSubtotal.trim() || null,
    freeAbove: v.freeAbove.trim() || null,
  };
}

interface RateFormProps {
  initial: RateValues;
  currencyCode: string;
  submitLabel: string;
  onSubmit: (values: RateValues) => Promise<readonly UserErrorLike[]>;
  onCancel: () => void;
}

/** A rate: its price, the subtotals it applies between, and the subtotal above which it is free. */
export function RateForm({ initial, currencyCode, submitLabel, onSubmit, onCancel }: RateFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const input = (field: Field) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    error: errors[field],
  });
  const money = (field: Field) => ({
    ...input(field),
    inputMode: 'decimal' as const,
    rightSection: (
      <Text size="xs" c="dimmed">
        {currencyCode}
      </Text>
    ),
    rightSectionWidth: 48,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = shippingRateSchema(currencyCode).safeParse(rateInput(values));
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
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Shipping rate">
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
        <TextInput
          label="Rate name"
          description="What the customer sees, like Standard or Express."
          required
          {...input('name')}
        />
        <TextInput label="Price" required {...money('price')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Minimum subtotal" description="Optional" {...money('minSubtotal')} />
          <TextInput label="Maximum subtotal" description="Optional" {...money('maxSubtotal')} />
        </SimpleGrid>
        <TextInput
          label="Free above"
          description="Optional: orders with a larger subtotal ship free."
          {...money('freeAbove')}
        />
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
