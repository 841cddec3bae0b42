import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../app/session-context';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { useCustomerCreateMutation } from '../api/customer-create-mutation';
import {
  AddressFields,
  addressInput,
  checkAddress,
  EMPTY_ADDRESS,
  type AddressValues,
} from '../components/address-fields';
import { checkContact, ContactFields, contactInput, EMPTY_CONTACT } from '../components/contact-fields';
import {
  errorsUnder,
  unclaimedErrors,
  type CustomerUserError,
  type FieldErrors,
} from '../components/customer-errors';
import { FormAlert } from '../components/form-alert';

interface Draft {
  key: number;
  values: AddressValues;
}

/** `/customers/new`: contact details and any number of addresses, saved in one customerCreate. */
export function CustomerNewRoute() {
  useDocumentTitle('Add customer · Stockroom');
  const navigate = useNavigate();
  const { can } = useSession();
  const [contact, setContact] = useState(EMPTY_CONTACT);
  const [addresses, setAddresses] = useState<Draft[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [contactErrors, setContactErrors] = useState<FieldErrors>({});
  const [addressErrors, setAddressErrors] = useState<FieldErrors[]>([]);
  const [formErrors, setFormErrors] = useState<CustomerUserError[]>([]);
  const [create, { loading }] = useCustomerCreateMutation();

  if (!can('CUSTOMERS_WRITE')) {
    return (
      <Stack gap="md">
        <Title order={1}>Add customer</Title>
        <Text>Adding customers needs CUSTOMERS_WRITE. Ask a staff manager for it.</Text>
      </Stack>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Every error at once: contact and each address are checked before anything is sent.
    const local = checkContact(contact);
    const localAddresses = addresses.map((a) => checkAddress(a.values));
    setContactErrors(local);
    setAddressErrors(localAddresses);
    setFormErrors([]);
    if (Object.keys(local).length || localAddresses.some((e) => Object.keys(e).length)) return;
    try {
      const { data } = await create({
        variables: {
          input: { ...contactInput(contact), addresses: addresses.map((a) => addressInput(a.values)) },
        },
      });
      const payload = data?.customerCreate;
      const errors = payload?.userErrors ?? [];
      if (payload?.customer && errors.length === 0) {
        notifications.show({
          color: 'green',
          title: 'Customer added',
          message: `${payload.customer.displayName} is saved.`,
        });
        void navigate(`/customers/${payload.customer.id}`);
        return;
      }
      setContactErrors(errorsUnder(errors, ['input']));
      setAddressErrors(addresses.map((_, i) => errorsUnder(errors, ['input', 'addresses', String(i)])));
      setFormErrors(
        unclaimedErrors(
          errors,
          (f) => (f[0] === 'input' && f.length === 2) || (f[1] === 'addresses' && f.length === 4),
        ),
      );
    } catch (error) {
      setFormErrors([{ message: describeError(error).message, code: 'ERROR' }]);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add customer">
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
        <FormAlert errors={formErrors} />
        <SectionCard title="Contact">
          <ContactFields values={contact} onChange={setContact} errors={contactErrors} />
        </SectionCard>
        <SectionCard
          title="Addresses"
          description={
            addresses.length > 1
              ? 'The first address becomes the default; you can change it later.'
              : undefined
          }
        >
          <Stack gap="md" mt="sm">
            {addresses.map((draft, index) => (
              <Paper key={draft.key} withBorder radius="md" p="md" data-testid="new-address">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>Address {index + 1}</Text>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => {
                      setAddresses((list) => list.filter((a) => a.key !== draft.key));
                      setAddressErrors((list) => list.filter((_, i) => i !== index));
                    }}
                  >
                    Remove address {index + 1}
                  </Button>
                </Group>
                <AddressFields
                  values={draft.values}
                  errors={addressErrors[index] ?? {}}
                  onChange={(values) =>
                    setAddresses((list) => list.map((a) => (a.key === draft.key ? { ...a, values } : a)))
                  }
                />
              </Paper>
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => {
                  setAddresses((list) => [...list, { key: nextKey, values: EMPTY_ADDRESS }]);
                  setNextKey((k) => k + 1);
                }}
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
          <Button type="submit" loading={loading}>
            Save customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
