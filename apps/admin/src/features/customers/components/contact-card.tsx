import { Alert, Button, Group, Stack } from '@mantine/core';
import { customerSchema } from '@stockroom/domain';
import { useState } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { SectionCard } from '../../../components/section-card';
import { useSavedToast } from '../../../components/undo-toast';
import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useCustomerUpdateMutation } from '../api/customer-update-mutation';
import { ContactFields, contactInput, type ContactValues } from './contact-fields';

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
  const [stale, setStale] = useState<string | null>(null);
  const [update] = useCustomerUpdateMutation();
  const savedToast = useSavedToast();
  const form = useZodForm<ContactValues>({
    schema: customerSchema,
    defaultValues: valuesOf(customer),
    onSubmit: async (values) => {
      const { data } = await update({
        variables: { id: customer.id, input: { ...contactInput(values), version: customer.version } },
      });
      const errors = data?.customerUpdate.userErrors ?? [];
      const staleError = errors.find((e) => e.code === 'STALE_VERSION');
      if (staleError) {
        setStale(staleError.message);
        return [];
      }
      if (errors.length === 0)
        savedToast({
          title: 'Customer saved',
          message: `${customer.displayName} is saved.`,
          auditEventId: data?.customerUpdate.auditEventId,
        });
      return errors;
    },
  });
  const dirty = form.formState.isDirty;

  return (
    <SectionCard
      title="Contact"
      description={canEdit ? undefined : 'Changing customers needs CUSTOMERS_WRITE.'}
    >
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Contact">
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
          <FormErrors messages={form.formErrors} title="Not saved" />
          <ContactFields control={form.control} disabled={!canEdit} />
          {canEdit && (
            <Group justify="flex-end">
              {dirty && (
                <Button variant="default" onClick={() => form.reset()}>
                  Discard
                </Button>
              )}
              <Button type="submit" loading={form.saving} disabled={!dirty}>
                Save contact
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
