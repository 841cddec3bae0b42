import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { UserErrorLike } from '../../../lib/user-errors';
import { AddressFields, checkAddress, type AddressValues } from './address-fields';
import { errorsUnder, unclaimedErrors, type CustomerUserError, type FieldErrors } from './customer-errors';
import { FormAlert } from './form-alert';

interface AddressDialogProps {
  title: string;
  initial: AddressValues;
  onClose: () => void;
  /** Saves; resolves to the server's userErrors (empty on success). */
  onSave: (values: AddressValues) => Promise<readonly (UserErrorLike & { relatedId?: string | null })[]>;
}

/** Adds or edits one address in a dialog; every error shows next to its field. */
export function AddressDialog({ title, initial, onClose, onSave }: AddressDialogProps) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<CustomerUserError[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const local = checkAddress(values);
    setFieldErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length) return;
    setSaving(true);
    const errors = await onSave(values).finally(() => setSaving(false));
    if (errors.length === 0) {
      onClose();
      return;
    }
    setFieldErrors(errorsUnder(errors, ['address']));
    setFormErrors(unclaimedErrors(errors, (f) => f[0] === 'address' && f.length === 2));
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Stack gap="sm">
          <FormAlert errors={formErrors} />
          <AddressFields values={values} onChange={setValues} errors={fieldErrors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save address
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
