import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { useCustomerUpdateMutation } from '../api/customer-update-mutation';
import { checkContact, ContactFields, contactInput, type ContactValues } from './contact-fields';
import { errorsUnder, unclaimedErrors, type CustomerUserError, type FieldErrors } from './customer-errors';
import { FormAlert } from './form-alert';

function valuesOf(c: CustomerFieldsFragment): ContactValues {
  return {
    email: c.email,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    phone: c.phone ?? '',
    acceptsMarketing: c.acceptsMarketing,
    tags: [...c.tags],
    note: c.note ?? '',
  };
}

interface ContactCardProps {
  customer: CustomerFieldsFragment;
  canEdit: boolean;
  onReload: () => Promise<unknown>;
}

/** The contact details, saved with the version they were loaded at (optimistic concurrency). */
export function ContactCard({ customer, canEdit, onReload }: ContactCardProps) {
  const [values, setValues] = useState(() => valuesOf(customer));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<CustomerUserError[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [update, { loading }] = useCustomerUpdateMutation();
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(customer));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = checkContact(values);
    setFieldErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length) return;
    try {
      const { data } = await update({
        variables: { id: customer.id, input: { ...contactInput(values), version: customer.version } },
      });
      const errors = data?.customerUpdate.userErrors ?? [];
      const staleError = errors.find((e) => e.code === 'STALE_VERSION');
      if (staleError) {
        setStale(staleError.message);
        return;
      }
      setFieldErrors(errorsUnder(errors, ['input']));
      setFormErrors(unclaimedErrors(errors, (f) => f[0] === 'input' && f.length === 2));
      if (errors.length === 0)
        notifications.show({
          color: 'green',
          title: 'Customer saved',
          message: `${customer.displayName} is saved.`,
        });
    } catch (error) {
      setFormErrors([{ message: describeError(error).message, code: 'ERROR' }]);
    }
  };

  return (
    <SectionCard
      title="Contact"
      description={canEdit ? undefined : 'Changing customers needs CUSTOMERS_WRITE.'}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Contact">
        <Stack gap="sm" mt="sm">
          {stale && (
            <Alert color="yellow" variant="light" role="alert" title="Your changes are not saved">
              <Stack gap="xs" align="flex-start">
                {stale} Reload to see their changes, then make yours again.
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    void onReload().then(() => setStale(null));
                  }}
                >
                  Reload customer
                </Button>
              </Stack>
            </Alert>
          )}
          <FormAlert errors={formErrors} />
          <ContactFields values={values} onChange={setValues} errors={fieldErrors} disabled={!canEdit} />
          {canEdit && (
            <Group justify="flex-end">
              {dirty && (
                <Button
                  variant="default"
                  onClick={() => {
                    setValues(valuesOf(customer));
                    setFieldErrors({});
                    setFormErrors([]);
                  }}
                >
                  Discard
                </Button>
              )}
              <Button type="submit" loading={loading} disabled={!dirty}>
                Save contact
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
