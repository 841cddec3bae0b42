import { Button, Group, Stack, Text } from '@mantine/core';
import { formatMinor } from '@stockroom/domain';
import { FormErrors } from '../../../components/form-errors';
import { NotifyCustomerCheckbox } from '../../../components/notify-customer-checkbox';
import { useState } from 'react';
import { useCommand } from '../../../components/use-command';
import { CheckboxField, TextareaField } from '../../../components/forms/form-fields';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useOrderCancelMutation } from '../api/order-cancel-mutation';
import { cancelSchema, minorOf, refundableMinor } from './payment-forms';

interface CancelOrderDialogProps {
  order: OrderFieldsFragment;
  /** REFUNDS_WRITE: may give the payment back while cancelling. */
  canRefund: boolean;
  onClose: () => void;
}

/** Cancels: stock is released and an authorization voided; the payment is refunded only when ticked. */
export function CancelOrderDialog({ order, canRefund, onClose }: CancelOrderDialogProps) {
  const [cancel] = useOrderCancelMutation();
  const [notify, setNotify] = useState(true);
  const refundable = refundableMinor(order);
  const refundText = formatMoney({
    amount: formatMinor(refundable, order.currencyCode),
    currencyCode: order.currencyCode,
  });
  const authorized = minorOf(order.totalCapturable) > 0;
  const command = useCommand({
    mutate: async ({ reason, refund }: { reason: string | null; refund: boolean }) =>
      (
        await cancel({
          variables: { id: order.id, reason, refund, notifyCustomer: notify && Boolean(order.email) },
        })
      ).data?.orderCancel,
    success: (_, { refund }) => ({
      title: 'Order cancelled',
      message: refund
        ? `${order.name} is cancelled and ${refundText} refunded.`
        : `${order.name} is cancelled.`,
    }),
    onDone: onClose,
  });
  const form = useZodForm<{ reason: string; refund: boolean }>({
    schema: cancelSchema,
    defaultValues: { reason: '', refund: false },
    errorPrefix: [],
    onSubmit: ({ reason, refund }) =>
      command.submit({ reason: reason.trim() || null, refund: canRefund && refund }),
  });
  const effects = [
    'Its reserved stock goes back to available.',
    authorized ? `The authorization of ${formatMoney(order.totalCapturable)} is voided.` : null,
    refundable > 0 && !canRefund
      ? `The ${refundText} paid stays paid; someone with the refunds permission can refund it.`
      : null,
    'This cannot be undone.',
  ].filter(Boolean);
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Cancel order">
      <Stack gap="sm">
        <Text size="sm">{effects.join(' ')}</Text>
        <FormErrors messages={form.formErrors} title="Not cancelled" />
        <TextareaField
          control={form.control}
          name="reason"
          label="Reason"
          description="Optional; shown on the order."
          placeholder="Customer changed their mind"
          autosize
          minRows={2}
        />
        {canRefund && refundable > 0 && (
          <CheckboxField control={form.control} name="refund" label={`Refund the payment of ${refundText}`} />
        )}
        <NotifyCustomerCheckbox
          email={order.email}
          checked={notify}
          onChange={setNotify}
          what="that it was cancelled"
        />
        {/* "Cancel" beside "Cancel order" would read as the same thing. */}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep order
          </Button>
          <Button type="submit" color="red" loading={form.saving}>
            Cancel order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
