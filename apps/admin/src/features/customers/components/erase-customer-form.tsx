import { Alert, Button, Group, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { TextField } from '../../../components/forms/form-fields';
import { useCommand } from '../../../components/use-command';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useCustomerEraseMutation } from '../api/customer-erase-mutation';

interface EraseValues {
  confirmation: string;
}

/** The server's rule: the customer's email, ignoring case and the spaces around it. */
function confirms(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}

export function eraseSchema(email: string) {
  return z.object({
    confirmation: z.string().refine((typed) => confirms(typed, email), {
      message: "Type the customer's email address exactly to confirm.",
    }),
  });
}

interface EraseCustomerFormProps {
  customer: { id: string; email: string; displayName: string };
  onClose: () => void;
}

/** Erasing asks for the customer's email typed out; the red button waits for it. */
export function EraseCustomerForm({ customer, onClose }: EraseCustomerFormProps) {
  const [erase] = useCustomerEraseMutation();
  const command = useCommand({
    mutate: async (confirmation: string) =>
      (await erase({ variables: { id: customer.id, confirmation } })).data?.customerErase,
    success: () => ({ title: 'Personal data erased', message: 'Their orders are kept without it.' }),
    onDone: onClose,
  });
  const form = useZodForm<EraseValues>({
    schema: eraseSchema(customer.email),
    defaultValues: { confirmation: '' },
    // customerErase takes the confirmation as an argument: ["confirmation"].
    errorPrefix: [],
    onSubmit: ({ confirmation }) => command.submit(confirmation.trim()),
  });
  const typed = useWatch({ control: form.control, name: 'confirmation' });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Erase personal data">
      <Stack gap="sm">
        <Alert color="red" variant="light" title="This cannot be undone">
          The name, email, phone, addresses, note and tags of {customer.displayName} are erased for good.
          Their orders stay, but without any of it.
        </Alert>
        <FormErrors messages={form.formErrors} title="Not erased" />
        <TextField
          control={form.control}
          name="confirmation"
          label={`Type ${customer.email} to confirm`}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={form.saving} disabled={!confirms(typed, customer.email)}>
            Erase for good
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
