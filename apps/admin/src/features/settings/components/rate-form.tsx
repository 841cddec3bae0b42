import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { shippingRateSchema } from '@stockroom/domain';
import type { ShippingRateInput } from '../../../gql/graphql';
import { FormErrors } from '../../../components/form-errors';
import { firstIssues, useTextForm } from '../../../lib/use-text-form';
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
  const { formErrors, saving, input, submit } = useTextForm({
    fields: FIELDS,
    initial,
    check: (values) => firstIssues(shippingRateSchema(currencyCode).safeParse(rateInput(values))),
    onSubmit,
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

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Shipping rate">
      <Stack gap="sm">
        <FormErrors messages={formErrors} />
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
