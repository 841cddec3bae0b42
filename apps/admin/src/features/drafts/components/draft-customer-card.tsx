import { Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { graphql } from '../../../gql';
import type { CustomerInput, DraftCustomerSearchQuery } from '../../../gql/graphql';
import { useDraftCustomerSearch } from '../api/picker-queries';
import { addressValues, type DraftValues } from './draft-form';
import { SearchPicker } from '../../../components/search-picker';

type Found = DraftCustomerSearchQuery['customers']['nodes'][number];

const customerCreateDocument = graphql(`
  mutation DraftCustomerCreate($input: CustomerInput!) {
    customerCreate(input: $input) {
      customer {
        id
        displayName
        firstName
        lastName
        email
        phone
        state
        defaultAddress {
          firstName
          lastName
          company
          line1
          line2
          city
          region
          postalCode
          countryCode
          phone
        }
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

function useCustomerResults(text: string) {
  const query = useDraftCustomerSearch(text);
  return {
    items:
      text.trim().length < 2
        ? undefined
        : (query.data ?? query.previousData)?.customers.nodes.filter((c) => c.state !== 'ERASED'),
    loading: query.loading,
  };
}

/** Picking a customer fills the contact and, when empty, both addresses from their default one. */
export function choose(values: DraftValues, c: Found): DraftValues {
  const address = addressValues(c.defaultAddress);
  const open = values.shippingAddress;
  // An address opened before the customer was chosen takes their name when it has none yet.
  const named =
    open && !open.firstName.trim() && !open.lastName.trim()
      ? { ...open, firstName: c.firstName ?? '', lastName: c.lastName ?? '' }
      : open;
  return {
    ...values,
    customer: {
      id: c.id,
      displayName: c.displayName,
      email: c.email,
      firstName: c.firstName ?? null,
      lastName: c.lastName ?? null,
    },
    email: c.email || values.email,
    phone: c.phone ?? values.phone,
    shippingAddress: named ?? address,
  };
}

function NewCustomer({ onCreated, onClose }: { onCreated: (c: Found) => void; onClose: () => void }) {
  const [create] = useMutation(customerCreateDocument);
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.currentTarget.value });
  const command = useCommand({
    mutate: async (input: CustomerInput) => (await create({ variables: { input } })).data?.customerCreate,
    // Each refusal goes under its input (one without a field under the email), and so does a failure.
    onFailed: (messages, userErrors) => {
      const placed: Record<string, string> = {};
      if (!userErrors.length) placed['email'] = messages.join(' ');
      for (const e of userErrors) placed[e.field?.at(-1) ?? 'email'] ??= e.message;
      setErrors(placed);
    },
    onDone: ({ customer }) => {
      if (!customer) return;
      onCreated(customer);
      onClose();
    },
  });
  const submit = () =>
    command.run({
      firstName: form.firstName.trim() || null,
      lastName: form.lastName.trim() || null,
      email: form.email.trim(),
      phone: form.phone.trim() || null,
    });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            value={form.firstName}
            onChange={set('firstName')}
            error={errors['firstName']}
            data-autofocus
          />
          <TextInput
            label="Last name"
            value={form.lastName}
            onChange={set('lastName')}
            error={errors['lastName']}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          required
          value={form.email}
          onChange={set('email')}
          error={errors['email']}
        />
        <TextInput
          label="Phone"
          placeholder="+15550100199"
          value={form.phone}
          onChange={set('phone')}
          error={errors['phone']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={command.running}>
            Create customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Who the order is for: an existing customer found by name, email or phone, or a new one. */
export function DraftCustomerCard({
  values,
  onChange,
  errors,
  readOnly,
  canCreate,
}: {
  values: DraftValues;
  onChange: (next: DraftValues) => void;
  errors: Record<string, string>;
  readOnly: boolean;
  canCreate: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const c = values.customer;
  return (
    <SectionCard title="Customer" testId="draft-customer">
      <Stack gap="sm">
        {c ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/customers/${c.id}`} fw={600}>
                {c.displayName}
              </Anchor>
              {c.email && (
                <Text size="sm" c="dimmed">
                  {c.email}
                </Text>
              )}
            </Stack>
            {!readOnly && (
              <Button variant="subtle" size="xs" onClick={() => onChange({ ...values, customer: null })}>
                Remove
              </Button>
            )}
          </Group>
        ) : readOnly ? (
          <Text size="sm" c="dimmed">
            No customer
          </Text>
        ) : (
          <>
            <SearchPicker
              label="Find a customer"
              placeholder="Name, email or phone"
              useResults={useCustomerResults}
              itemKey={(f) => f.id}
              renderItem={(f) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {f.displayName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[f.email, f.phone].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              )}
              onPick={(f) => onChange(choose(values, f))}
              emptyText="No customer matches. Create one instead."
              error={errors['customerId']}
            />
            {canCreate && (
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconUserPlus size={14} aria-hidden />}
                  onClick={() => setCreating(true)}
                >
                  Create customer
                </Button>
              </Group>
            )}
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            readOnly={readOnly}
            onChange={(e) => onChange({ ...values, email: e.currentTarget.value })}
            error={errors['email']}
          />
          <TextInput
            label="Phone"
            value={values.phone}
            readOnly={readOnly}
            onChange={(e) => onChange({ ...values, phone: e.currentTarget.value })}
            error={errors['phone']}
          />
        </SimpleGrid>
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create customer">
        {creating && (
          <NewCustomer onCreated={(f) => onChange(choose(values, f))} onClose={() => setCreating(false)} />
        )}
      </Modal>
    </SectionCard>
  );
}
