import { Alert, Button, Group, Stack } from '@mantine/core';
import { customerSchema } from '@stockroom/domain';
import { useState } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { CustomerFieldsFragment, CustomerInput } from '../../../gql/graphql';
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
  const save = useCommand({
    mutate: async (input: CustomerInput) =>
      (await update({ variables: { id: customer.id, input } })).data?.customerUpdate,
    success: () => ({ title: 'Customer saved', message: `${customer.displayName} is saved.` }),
    undo: true,
  });
  const form = useZodForm<ContactValues>({
    schema: customerSchema,
    defaultValues: valuesOf(customer),
    onSubmit: async (values) => {
      const errors = await save.submit({ ...contactInput(values), version: customer.version });
      const staleError = errors.find((e) => e.code === 'STALE_VERSION');
      if (!staleError) return errors;
      setStale(staleError.message);
      return [];
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
