import { addressLines } from '@stockroom/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCommand, type CommandPayload } from '../../../components/use-command';
import type { AddressInput, CustomerFieldsFragment } from '../../../gql/graphql';
import { useCustomerAddressAddMutation } from '../api/customer-address-add-mutation';
import { useCustomerAddressRemoveMutation } from '../api/customer-address-remove-mutation';
import { useCustomerAddressUpdateMutation } from '../api/customer-address-update-mutation';
import { useCustomerSetDefaultAddressMutation } from '../api/customer-set-default-address-mutation';
import { AddressDialog } from './address-dialog';
import { addressInput, personAddressValues } from '../../../components/forms/address-fields';

type Address = CustomerFieldsFragment['addresses'][number];
type Dialog = { kind: 'add' } | { kind: 'edit'; address: Address } | null;

/** One of the card's mutations, and the words that say it is done. */
interface Work {
  call: () => Promise<CommandPayload | null | undefined>;
  done: string;
}

/** The customer's addresses: add, edit, remove, and choose the default. */
export function AddressesCard({ customer, canEdit }: { customer: CustomerFieldsFragment; canEdit: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [add] = useCustomerAddressAddMutation();
  const [update] = useCustomerAddressUpdateMutation();
  const [remove] = useCustomerAddressRemoveMutation();
  const [setDefault] = useCustomerSetDefaultAddressMutation();
  const defaultId = customer.defaultAddress?.id ?? null;

  const command = useCommand({
    mutate: ({ call }: Work) => call(),
    failedTitle: 'Not saved',
    success: (_, { done }) => ({ title: 'Saved', message: done }),
  });
  const run = (call: Work['call'], done: string) => command.run({ call, done });
  /** The dialog says a refusal next to its fields, and closes itself when saved. */
  const save = useCommand({
    mutate: async ({ dialog, address }: { dialog: NonNullable<Dialog>; address: AddressInput }) =>
      dialog.kind === 'add'
        ? (await add({ variables: { customerId: customer.id, address } })).data?.customerAddressAdd
        : (await update({ variables: { id: dialog.address.id, address } })).data?.customerAddressUpdate,
  });

  return (
    <SectionCard title="Addresses">
      <Stack gap="sm" mt="sm">
        {customer.addresses.length === 0 && <Text c="dimmed">No addresses yet.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {customer.addresses.map((address, index) => {
            const isDefault = address.id === defaultId;
            return (
              <Paper key={address.id} withBorder radius="md" p="sm" data-testid="address-card">
                <Group justify="space-between" mb={4}>
                  <Text fw={600} size="sm">
                    Address {index + 1}
                  </Text>
                  {isDefault && (
                    <Badge variant="light" color="blue" c="blue.9" tt="none">
                      Default
                    </Badge>
                  )}
                </Group>
                {addressLines(address).map((line, i) => (
                  <Text key={i} size="sm">
                    {line}
                  </Text>
                ))}
                {canEdit && (
                  <Group gap={4} mt="xs">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setDialog({ kind: 'edit', address })}
                    >
                      Edit
                    </Button>
                    {!isDefault && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`Set address ${index + 1} as default`}
                        onClick={() =>
                          void run(
                            async () =>
                              (
                                await setDefault({
                                  variables: { customerId: customer.id, addressId: address.id },
                                })
                              ).data?.customerSetDefaultAddress,
                            `Address ${index + 1} is now the default.`,
                          )
                        }
                      >
                        Set as default
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove address ${index + 1}`}
                      onClick={() =>
                        void run(
                          async () =>
                            (await remove({ variables: { id: address.id } })).data?.customerAddressRemove,
                          'Address removed.',
                        )
                      }
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
        {canEdit && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add address
            </Button>
          </Group>
        )}
      </Stack>
      {dialog && (
        <AddressDialog
          title={dialog.kind === 'add' ? 'Add address' : 'Edit address'}
          initial={personAddressValues(dialog.kind === 'add' ? null : dialog.address)}
          onClose={() => setDialog(null)}
          onSave={(values) => save.submit({ dialog, address: addressInput(values) })}
        />
      )}
    </SectionCard>
  );
}
