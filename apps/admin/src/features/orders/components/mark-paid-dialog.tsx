import { Stack, Text } from '@mantine/core';
import { FormErrors } from '../../../components/form-errors';
import { useCommand } from '../../../components/use-command';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useOrderMarkAsPaidMutation } from '../api/order-mark-as-paid-mutation';
import { markPaidSchema } from './payment-forms';

/** Confirms money received outside Stockroom for what is still owed, with an optional reference. */
export function MarkPaidDialog({ order, onClose }: { order: OrderFieldsFragment; onClose: () => void }) {
  const [markPaid] = useOrderMarkAsPaidMutation();
  const command = useCommand({
    mutate: async (reference: string | null) =>
      (await markPaid({ variables: { id: order.id, reference } })).data?.orderMarkAsPaid,
    success: () => ({
      title: 'Marked as paid',
      message: `${formatMoney(order.outstanding)} recorded as paid.`,
    }),
    onDone: onClose,
  });
  const form = useZodForm<{ reference: string }>({
    schema: markPaidSchema,
    defaultValues: { reference: '' },
    errorPrefix: [],
    onSubmit: ({ reference }) => command.submit(reference.trim() || null),
  });
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Mark as paid">
      <Stack gap="sm">
        <Text size="sm">
          Record <strong>{formatMoney(order.outstanding)}</strong> as received outside Stockroom, by cash or
          bank transfer for example. Only do this once the money has arrived.
        </Text>
        <FormErrors messages={form.formErrors} title="Not marked as paid" />
        <TextField
          control={form.control}
          name="reference"
          label="Reference"
          description="Optional: a receipt or bank transfer number."
          autoComplete="off"
        />
        <FormActions submitLabel="Mark as paid" saving={form.saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
