import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { useCustomerDisableMutation } from '../api/customer-disable-mutation';
import { useCustomerEnableMutation } from '../api/customer-enable-mutation';
import { useCustomerEraseMutation } from '../api/customer-erase-mutation';

interface DangerZoneCardProps {
  customer: CustomerFieldsFragment;
  canWrite: boolean;
  canErase: boolean;
}

/** Disable or enable the customer, and erase their personal data (CUSTOMERS_ERASE only). */
export function DangerZoneCard({ customer, canWrite, canErase }: DangerZoneCardProps) {
  const [disable, disabling] = useCustomerDisableMutation();
  const [enable, enabling] = useCustomerEnableMutation();
  const [erase, erasing] = useCustomerEraseMutation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [eraseError, setEraseError] = useState<string | null>(null);
  const disabled = customer.state === 'DISABLED';

  const toggle = async () => {
    try {
      const { data } = disabled
        ? await enable({ variables: { id: customer.id } }).then((r) => ({ data: r.data?.customerEnable }))
        : await disable({ variables: { id: customer.id } }).then((r) => ({ data: r.data?.customerDisable }));
      const errors = data?.userErrors ?? [];
      notifications.show(
        errors.length
          ? { color: 'red', title: 'Not changed', message: errors.map((e) => e.message).join(' ') }
          : {
              color: 'green',
              title: disabled ? 'Customer enabled' : 'Customer disabled',
              message: customer.displayName,
            },
      );
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not changed', message: describeError(error).message });
    }
  };

  const confirmErase = async () => {
    setEraseError(null);
    try {
      const { data } = await erase({ variables: { id: customer.id, confirmation: typed.trim() } });
      const errors = data?.customerErase.userErrors ?? [];
      if (errors.length) {
        setEraseError(errors.map((e) => e.message).join(' '));
        return;
      }
      setOpen(false);
      notifications.show({
        color: 'green',
        title: 'Personal data erased',
        message: 'Their orders are kept without it.',
      });
    } catch (error) {
      setEraseError(describeError(error).message);
    }
  };

  if (!canWrite && !canErase) return null;
  return (
    <SectionCard title="Danger zone">
      <Stack gap="md" mt="sm">
        {canWrite && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" maw={460}>
              {disabled
                ? 'This customer is disabled. Enable them to let them order again.'
                : 'Disabling keeps the customer and their orders, but marks them as not to be served.'}
            </Text>
            <Button
              variant="default"
              loading={disabling.loading || enabling.loading}
              onClick={() => void toggle()}
            >
              {disabled ? 'Enable customer' : 'Disable customer'}
            </Button>
          </Group>
        )}
        {canErase && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" maw={460}>
              Erasing replaces their name, email, phone, addresses and note everywhere. Orders stay, without
              them.
            </Text>
            <Button color="red" onClick={() => setOpen(true)}>
              Erase personal data
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Erase personal data">
        <Stack gap="sm">
          <Alert color="red" variant="light" title="This cannot be undone">
            The name, email, phone, addresses, note and tags of {customer.displayName} are erased for good.
            Their orders stay, but without any of it.
          </Alert>
          <TextInput
            label={`Type ${customer.email} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={eraseError}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={erasing.loading}
              disabled={typed.trim().toLowerCase() !== customer.email.toLowerCase()}
              onClick={() => void confirmErase()}
            >
              Erase for good
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
