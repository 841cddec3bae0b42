import { Stack } from '@mantine/core';
import { looseAddressSchema, nameSchema } from '@stockroom/domain';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import {
  AddressFields,
  addressInput,
  placeAddressValues,
  type PlaceAddressValues,
} from '../../../components/forms/address-fields';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import type { AddressInput } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

export interface LocationValues {
  name: string;
  address: PlaceAddressValues;
}

export const EMPTY_LOCATION: LocationValues = { name: '', address: placeAddressValues() };

/** The name and address as locationCreate and locationUpdate take them; empty parts are null. */
export function locationInput(values: LocationValues): { name: string; address: AddressInput } {
  return { name: values.name.trim(), address: addressInput(values.address) };
}

/** What the server checks of a location's name and address. */
export const locationSchema = z.preprocess(
  (v) => locationInput(v as LocationValues),
  z.object({ name: nameSchema, address: looseAddressSchema }),
);

interface LocationFormProps {
  initial: LocationValues;
  submitLabel: string;
  /** Saves; returns the server's userErrors (empty on success). */
  onSubmit: (values: LocationValues) => Promise<readonly PlaceableUserError[]>;
  disabled?: boolean;
  onCancel?: () => void;
}

/** A location's name and address, for creating and editing. */
export function LocationForm({
  initial,
  submitLabel,
  onSubmit,
  disabled = false,
  onCancel,
}: LocationFormProps) {
  const form = useZodForm<LocationValues>({ schema: locationSchema, defaultValues: initial, onSubmit });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Location">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} />
        <TextField
          control={form.control}
          name="name"
          label="Name"
          required
          maxLength={255}
          disabled={disabled}
        />
        <AddressFields control={form.control} prefix="address" kind="place" disabled={disabled} />
        {!disabled && <FormActions submitLabel={submitLabel} saving={form.saving} onCancel={onCancel} />}
      </Stack>
    </form>
  );
}
