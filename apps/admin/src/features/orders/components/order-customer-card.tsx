import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { emailSchema, phoneSchema } from '@stockroom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { FormActions } from '../../../components/forms/form-actions';
import { TextField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useOrderSave } from './use-order-save';

interface ContactValues {
  email: string;
  phone: string;
}

const contactSchema = z.object({
  email: emailSchema.or(z.literal('')),
  phone: phoneSchema.or(z.literal('')),
});

function ContactDialog({ order, onClose }: { order: OrderFieldsFragment; onClose: () => void }) {
  const save = useOrderSave(order);
  const form = useZodForm<ContactValues>({
    schema: contactSchema,
    defaultValues: { email: order.email ?? '', phone: order.phone ?? '' },
    onSubmit: async (values) => {
      const errors = await save(
        { email: values.email.trim() || null, phone: values.phone.trim() || null },
        'Contact saved',
      );
      if (errors.length === 0) onClose();
      return errors;
    },
  });
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Order contact">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} title="Not saved" />
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
        <TextField
          control={form.control}
          name="phone"
          label="Phone"
          description="With country code, like +44 20 7946 0958"
          autoComplete="off"
        />
        <Text size="xs" c="dimmed">
          This changes the order only, not the customer's own details.
        </Text>
        <FormActions submitLabel="Save contact" saving={form.saving} onCancel={onClose} />
      </Stack>
    </form>
  );
}

interface OrderCustomerCardProps {
  order: OrderFieldsFragment;
  canEdit: boolean;
  canReadCustomers: boolean;
}

/** Who bought: the customer with their order count and spend, and the contact details on this order. */
export function OrderCustomerCard({ order, canEdit, canReadCustomers }: OrderCustomerCardProps) {
  const [editing, setEditing] = useState(false);
  const customer = order.customer;
  const name = customer?.displayName ?? order.customerName ?? 'Guest';
  return (
    <SectionCard title="Customer" testId="order-customer">
      <Stack gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            {customer && canReadCustomers ? (
              <Anchor component={Link} to={`/customers/${customer.id}`} fw={600}>
                {name}
              </Anchor>
            ) : (
              <Text fw={600}>{name}</Text>
            )}
            {customer && customer.state !== 'ENABLED' && (
              <Badge color={customer.state === 'ERASED' ? 'red' : 'gray'} variant="dot" tt="none">
                {customer.state === 'ERASED' ? 'Erased' : 'Disabled'}
              </Badge>
            )}
          </Group>
          {customer ? (
            <Text size="sm" c="dimmed">
              {customer.ordersCount === 1 ? '1 order' : `${customer.ordersCount.toLocaleString()} orders`} ·{' '}
              {formatMoney(customer.totalSpent)} spent
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No customer account
            </Text>
          )}
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Contact
          </Text>
          {order.email ? (
            <Anchor href={`mailto:${order.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.email}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No email
            </Text>
          )}
          {order.phone ? (
            <Anchor href={`tel:${order.phone}`} size="sm">
              {order.phone}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No phone
            </Text>
          )}
        </Stack>
        {canEdit && (
          <Group>
            <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
              Edit contact
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit contact">
        {editing && <ContactDialog order={order} onClose={() => setEditing(false)} />}
      </Modal>
    </SectionCard>
  );
}
