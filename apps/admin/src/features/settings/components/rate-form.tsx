import { SimpleGrid, Stack, Text } from '@mantine/core';
import { shippingRateSchema } from '@stockroom/domain';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import type { ShippingRateInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

export interface RateValues {
  name: string;
  price: string;
  minSubtotal: string;
  maxSubtotal: string;
  freeAbove: string;
}

export const EMPTY_RATE: RateValues = {
  name: '',
  price: '',
  minSubtotal: '',
  maxSubtotal: '',
  freeAbove: '',
};

/** Empty optional amounts are sent as null. */
export function rateInput(v: RateValues): ShippingRateInput {
  return {
    name: v.name.trim(),
    price: v.price.trim(),
    minSubtotal: v.minSubtotal.trim() || null,
    maxSubtotal: v.maxSubtotal.trim() || null,
    freeAbove: v.freeAbove.trim() || null,
  };
}

/** shippingRate's rules over what is sent (empty optional amounts as null), in the store's currency. */
export function rateFormSchema(currencyCode: string) {
  return z.preprocess((v) => rateInput(v as RateValues), shippingRateSchema(currencyCode));
}

interface RateFormProps {
  initial: RateValues;
  currencyCode: string;
  submitLabel: string;
  onSubmit: (values: RateValues) => Promise<readonly PlaceableUserError[]>;
  onCancel: () => void;
}

/** A rate: its price, the subtotals it applies between, and the subtotal above which it is free. */
export function RateForm({ initial, currencyCode, submitLabel, onSubmit, onCancel }: RateFormProps) {
  const form = useZodForm<RateValues>({
    schema: rateFormSchema(currencyCode),
    defaultValues: initial,
    onSubmit,
  });
  const money = (name: Exclude<keyof RateValues, 'name'>) => ({
    control: form.control,
    name,
    inputMode: 'decimal' as const,
    rightSection: (
      <Text size="xs" c="dimmed">
        {currencyCode}
      </Text>
    ),
    rightSectionWidth: 48,
  });

  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Shipping rate">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} />
        <TextField
          control={form.control}
          name="name"
          label="Rate name"
          description="What the customer sees, like Standard or Express."
          required
        />
        <TextField label="Price" required {...money('price')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField label="Minimum subtotal" description="Optional" {...money('minSubtotal')} />
          <TextField label="Maximum subtotal" description="Optional" {...money('maxSubtotal')} />
        </SimpleGrid>
        <TextField
          label="Free above"
          description="Optional: orders with a larger subtotal ship free."
          {...money('freeAbove')}
        />
        <FormActions submitLabel={submitLabel} saving={form.saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
