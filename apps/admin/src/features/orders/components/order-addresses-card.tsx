import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { addressSchema } from '@stockroom/domain';
import { useState } from 'react';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import {
  AddressFields,
  addressInput,
  personAddressValues,
  type PersonAddressValues,
} from '../../../components/forms/address-fields';
import { FormActions } from '../../../components/forms/form-actions';
import { SectionCard } from '../../../components/section-card';
import type { OrderAddressFieldsFragment, OrderFieldsFragment } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { addressLines } from './order-words';
import { useOrderSave } from './use-order-save';

type Which = 'shippingAddress' | 'billingAddress';
const TITLES: Record<Which, string> = {
  shippingAddress: 'Shipping address',
  billingAddress: 'Billing address',
};

/** The form's values are named as orderUpdate's input, so ["input", "shippingAddress", "city"] lands by the city. */
type Values = Record<Which, PersonAddressValues>;

function AddressDialog({
  order,
  which,
  onClose,
}: {
  order: OrderFieldsFragment;
  which: Which;
  onClose: () => void;
}) {
  const save = useOrderSave(order);
  const form = useZodForm<Values>({
    schema: z.object({ [which]: addressSchema }),
    defaultValues: {
      shippingAddress: personAddressValues(order.shippingAddress),
      billingAddress: personAddressValues(order.billingAddress),
    },
    onSubmit: async (values) => {
      const errors = await save({ [which]: addressInput(values[which]) }, `${TITLES[which]} saved`);
      if (errors.length === 0) onClose();
      return errors;
    },
  });
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label={TITLES[which]}>
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} title="Not saved" />
        <AddressFields control={form.control} prefix={which} kind="person" />
        <FormActions submitLabel="Save address" saving={form.saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}

function same(a: OrderAddressFieldsFragment | null, b: OrderAddressFieldsFragment | null): boolean {
  return a !== null && b !== null && addressLines(a).join('\n') === addressLines(b).join('\n');
}

function AddressBlock({
  which,
  address,
  note,
  canEdit,
  onEdit,
}: {
  which: Which;
  address: OrderAddressFieldsFragment | null;
  note?: string;
  canEdit: boolean;
  onEdit: () => void;
}) {
  return (
    <Stack gap={4} data-testid={which === 'shippingAddress' ? 'shipping-address' : 'billing-address'}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {TITLES[which]}
        </Text>
        {canEdit && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={onEdit}
            aria-label={`Edit ${TITLES[which].toLowerCase()}`}
          >
            {address ? 'Edit' : 'Add'}
          </Button>
        )}
      </Group>
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : address ? (
        <Stack gap={0}>
          {addressLines(address).map((line, i) => (
            <Text key={i} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
    </Stack>
  );
}

/** Where the order goes and who pays; editable until something ships (a parcel already left for the old one). */
export function OrderAddressesCard({ order, canWrite }: { order: OrderFieldsFragment; canWrite: boolean }) {
  const [editing, setEditing] = useState<Which | null>(null);
  const editable = canWrite && order.status === 'OPEN' && order.fulfillmentStatus === 'UNFULFILLED';
  const shippedNote =
    canWrite && order.status === 'OPEN' && !editable
      ? "Items have shipped, so the addresses can't change."
      : undefined;
  const billingSame = same(order.shippingAddress, order.billingAddress);
  return (
    <SectionCard title="Addresses" description={shippedNote} testId="order-addresses">
      <Stack gap="sm">
        <AddressBlock
          which="shippingAddress"
          address={order.shippingAddress}
          canEdit={editable}
          onEdit={() => setEditing('shippingAddress')}
        />
        <Divider />
        <AddressBlock
          which="billingAddress"
          address={order.billingAddress}
          note={billingSame ? 'Same as shipping address' : undefined}
          canEdit={editable}
          onEdit={() => setEditing('billingAddress')}
        />
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? TITLES[editing] : ''}
        size="lg"
      >
        {editing && <AddressDialog order={order} which={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </SectionCard>
  );
}
