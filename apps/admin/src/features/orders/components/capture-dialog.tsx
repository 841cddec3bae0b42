import { Stack, Text } from '@mantine/core';
import { formatMinor } from '@stockroom/domain';
import { useState } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { useCommand } from '../../../components/use-command';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useOrderCaptureMutation } from '../api/order-capture-mutation';
import { captureSchema, minorOf } from './payment-forms';

/** Captures authorized money: all of it unless a smaller amount is typed (a partial shipment, say). */
export function CaptureDialog({ order, onClose }: { order: OrderFieldsFragment; onClose: () => void }) {
  const [capture] = useOrderCaptureMutation();
  // One key per opening of the dialog: pressing Capture again after a lost answer captures once.
  const [key] = useState(newIdempotencyKey);
  const capturable = minorOf(order.totalCapturable);
  const command = useCommand({
    mutate: async (amount: string) =>
      (await capture({ variables: { id: order.id, amount, idempotencyKey: key } })).data?.orderCapture,
    success: (_, amount) => ({
      title: 'Payment captured',
      message: `Captured ${formatMoney({ amount, currencyCode: order.currencyCode })}.`,
    }),
    onDone: onClose,
  });
  const form = useZodForm<{ amount: string }>({
    schema: captureSchema(order.currencyCode, capturable),
    defaultValues: { amount: formatMinor(capturable, order.currencyCode) },
    errorPrefix: [],
    onSubmit: ({ amount }) => command.submit(amount.trim()),
  });
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Capture payment">
      <Stack gap="sm">
        <Text size="sm">
          {formatMoney(order.totalCapturable)} is authorized and not captured yet. Capture all of it, or less
          when only part of the order will ship.
        </Text>
        <FormErrors messages={form.formErrors} title="Not captured" />
        <TextField
          control={form.control}
          name="amount"
          label={`Amount (${order.currencyCode})`}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
        />
        <FormActions submitLabel="Capture" saving={form.saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}
