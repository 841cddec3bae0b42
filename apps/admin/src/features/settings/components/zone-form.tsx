import { Stack } from '@mantine/core';
import { shippingZoneSchema } from '@stockroom/domain';
import { FormErrors } from '../../../components/form-errors';
import { CountriesField } from '../../../components/forms/country-fields';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

export interface ZoneValues {
  name: string;
  countries: string[];
}

interface ZoneFormProps {
  initial: ZoneValues;
  submitLabel: string;
  disabled?: boolean;
  onSubmit: (values: ZoneValues) => Promise<readonly PlaceableUserError[]>;
  onCancel?: () => void;
}

/** A zone's name and countries; "Rest of the world" covers every country no other zone lists. */
export function ZoneForm({ initial, submitLabel, disabled = false, onSubmit, onCancel }: ZoneFormProps) {
  const form = useZodForm<ZoneValues>({ schema: shippingZoneSchema(), defaultValues: initial, onSubmit });

  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate aria-label="Shipping zone">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} />
        <TextField control={form.control} name="name" label="Zone name" required disabled={disabled} />
        <CountriesField
          control={form.control}
          name="countries"
          label="Countries"
          description="Type to find a country. Rest of the world covers every country no other zone lists."
          withRestOfWorld
          disabled={disabled}
        />
        {!disabled && <FormActions submitLabel={submitLabel} saving={form.saving} onCancel={onCancel} />}
      </Stack>
    </form>
  );
}
