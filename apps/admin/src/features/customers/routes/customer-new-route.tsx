import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { FormErrors } from '../../../components/form-errors';
import { AddressFields, addressInput, personAddressValues } from '../../../components/forms/address-fields';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { CustomerInput } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useCustomerCreateMutation } from '../api/customer-create-mutation';
import {
  ContactFields,
  contactInput,
  EMPTY_CONTACT,
  newCustomerSchema,
  type NewCustomerValues,
} from '../components/contact-fields';

/** `/customers/new`: contact details and any number of addresses, saved in one customerCreate. */
export function CustomerNewRoute() {
  useDocumentTitle('Add customer · Stockroom');
  const navigate = useNavigate();
  const { can } = useSession();
  const [create] = useCustomerCreateMutation();
  const command = useCommand({
    mutate: async (input: CustomerInput) => (await create({ variables: { input } })).data?.customerCreate,
    success: ({ customer }) =>
      customer && { title: 'Customer added', message: `${customer.displayName} is saved.` },
    onDone: ({ customer }) => {
      if (customer) void navigate(`/customers/${customer.id}`);
    },
  });
  // Every error at once: the contact and each address are checked before anything is sent.
  const form = useZodForm<NewCustomerValues>({
    schema: newCustomerSchema,
    defaultValues: { ...EMPTY_CONTACT, addresses: [] },
    onSubmit: (values) =>
      command.submit({ ...contactInput(values), addresses: values.addresses.map(addressInput) }),
  });
  const addresses = useFieldArray({ control: form.control, name: 'addresses' });

  if (!can('CUSTOMERS_WRITE')) {
    return (
      <Stack gap="md">
        <Title order={1}>Add customer</Title>
        <Text>Adding customers needs CUSTOMERS_WRITE. Ask a staff manager for it.</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Add customer">
      <Stack gap="lg" maw={760}>
        <div>
          <Breadcrumbs>
            <Anchor component={Link} to="/customers" size="sm">
              Customers
            </Anchor>
            <Text size="sm">New</Text>
          </Breadcrumbs>
          <Title order={1} mt={4}>
            Add customer
          </Title>
        </div>
        <FormErrors messages={form.formErrors} title="Not saved" />
        <SectionCard title="Contact">
          <ContactFields control={form.control} />
        </SectionCard>
        <SectionCard
          title="Addresses"
          description={
            addresses.fields.length > 1
              ? 'The first address becomes the default; you can change it later.'
              : undefined
          }
        >
          <Stack gap="md" mt="sm">
            {addresses.fields.map((draft, index) => (
              <Paper key={draft.id} withBorder radius="md" p="md" data-testid="new-address">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>Address {index + 1}</Text>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => addresses.remove(index)}
                  >
                    Remove address {index + 1}
                  </Button>
                </Group>
                <AddressFields control={form.control} prefix={`addresses.${index}`} kind="person" />
              </Paper>
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => addresses.append(personAddressValues(), { shouldFocus: false })}
              >
                Add address
              </Button>
            </Group>
          </Stack>
        </SectionCard>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/customers">
            Cancel
          </Button>
          <Button type="submit" loading={form.saving}>
            Save customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
