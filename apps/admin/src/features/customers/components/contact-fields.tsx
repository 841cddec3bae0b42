import { SimpleGrid, Stack } from '@mantine/core';
import { addressSchema, customerSchema } from '@stockroom/domain';
import type { Control, FieldPath } from 'react-hook-form';
import { z } from 'zod';
import type { PersonAddressValues } from '../../../components/forms/address-fields';
import { CheckboxField, TextareaField, TextField } from '../../../components/forms/form-fields';
import { TagsField } from '../../../components/forms/tags-field';
import type { CustomerInput } from '../../../gql/graphql';
import { renderCustomerError } from './customer-errors';

export interface ContactValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  acceptsMarketing: boolean;
  tags: string[];
  note: string;
}

/** A new customer: the contact, and any number of addresses. */
export interface NewCustomerValues extends ContactValues {
  addresses: PersonAddressValues[];
}

/** customerCreate's rules: the contact, and each address as addresses.N (SPEC §5). */
export const newCustomerSchema = customerSchema.extend({ addresses: z.array(addressSchema) });

export const EMPTY_CONTACT: ContactValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  acceptsMarketing: false,
  tags: [],
  note: '',
};

export function contactInput(values: ContactValues): CustomerInput {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim() || null,
    lastName: values.lastName.trim() || null,
    phone: values.phone.trim() || null,
    acceptsMarketing: values.acceptsMarketing,
    tags: values.tags,
    note: values.note.trim() || null,
  };
}

interface ContactFieldsProps<V extends ContactValues> {
  /** A form whose values hold the contact fields at the top (the contact card, a new customer). */
  control: Control<V>;
  disabled?: boolean;
}

/** Email, name, phone, marketing consent, tags and note. */
export function ContactFields<V extends ContactValues>({ control, disabled = false }: ContactFieldsProps<V>) {
  const field = (name: keyof ContactValues) => ({ control, name: name as FieldPath<V>, disabled });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField label="First name" {...field('firstName')} />
        <TextField label="Last name" {...field('lastName')} />
      </SimpleGrid>
      <TextField label="Email" type="email" required renderError={renderCustomerError} {...field('email')} />
      <TextField
        label="Phone"
        type="tel"
        description="With country code (E.164), like +44 20 7946 0958"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...field('phone')}
      />
      <CheckboxField label="Accepts email marketing" {...field('acceptsMarketing')} />
      <TagsField label="Tags" description="Press Enter after each tag." {...field('tags')} />
      <TextareaField label="Note" autosize minRows={2} {...field('note')} />
    </Stack>
  );
}
