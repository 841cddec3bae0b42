import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { useCustomerDisableMutation } from '../api/customer-disable-mutation';
import { useCustomerEnableMutation } from '../api/customer-enable-mutation';
import { EraseCustomerForm } from './erase-customer-form';

interface DangerZoneCardProps {
  customer: CustomerFieldsFragment;
  canWrite: boolean;
  canErase: boolean;
}

/** Disable or enable the customer, and erase their personal data (CUSTOMERS_ERASE only). */
export function DangerZoneCard({ customer, canWrite, canErase }: DangerZoneCardProps) {
  const [disable, disabling] = useCustomerDisableMutation();
  const [enable, enabling] = useCustomerEnableMutation();
  const [open, setOpen] = useState(false);
  const disabled = customer.state === 'DISABLED';

  const command = useCommand({
    mutate: async (enabling: boolean) =>
      enabling
        ? (await enable({ variables: { id: customer.id } })).data?.customerEnable
        : (await disable({ variables: { id: customer.id } })).data?.customerDisable,
    failedTitle: 'Not changed',
    success: (_, enabling) => ({
      title: enabling ? 'Customer enabled' : 'Customer disabled',
      message: customer.displayName,
    }),
  });
  const toggle = () => command.run(disabled);

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
        <EraseCustomerForm customer={customer} onClose={() => setOpen(false)} />
      </Modal>
    </SectionCard>
  );
}
