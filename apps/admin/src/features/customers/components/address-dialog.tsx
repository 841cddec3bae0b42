import { Modal, Stack } from '@mantine/core';
import { addressSchema } from '@stockroom/domain';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { AddressFields, type PersonAddressValues } from '../../../components/forms/address-fields';
import { FormActions } from '../../../components/forms/form-actions';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';

interface AddressDialogProps {
  title: string;
  initial: PersonAddressValues;
  onClose: () => void;
  /** Saves; resolves to the server's userErrors (empty on success). */
  onSave: (values: PersonAddressValues) => Promise<readonly PlaceableUserError[]>;
}

/** The form's values are named as the mutations' argument, so ["address", "city"] lands by the city. */
const schema = z.object({ address: addressSchema });

/** Adds or edits one address in a dialog; every error shows next to its field. */
export function AddressDialog({ title, initial, onClose, onSave }: AddressDialogProps) {
  const form = useZodForm<{ address: PersonAddressValues }>({
    schema,
    defaultValues: { address: initial },
    errorPrefix: [],
    onSubmit: async ({ address }) => {
      const errors = await onSave(address);
      if (errors.length === 0) onClose();
      return errors;
    },
  });

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={title}>
        <Stack gap="sm">
          <FormErrors messages={form.formErrors} title="Not saved" />
          <AddressFields control={form.control} prefix="address" kind="person" />
          <FormActions submitLabel="Save address" saving={form.saving} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
