import { Checkbox, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { customerSchema } from '@stockroom/domain';
import type { ChangeEvent } from 'react';
import type { CustomerInput } from '../../../gql/graphql';
import { zodFieldErrors, type FieldErrors } from './customer-errors';

export interface ContactValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  acceptsMarketing: boolean;
  tags: string[];
  note: string;
}

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

/** The shared rule (packages/domain customerSchema) for instant feedback. */
export function checkContact(values: ContactValues): FieldErrors {
  const result = customerSchema.safeParse(contactInput(values));
  return result.success ? {} : zodFieldErrors(result.error);
}

interface ContactFieldsProps {
  values: ContactValues;
  onChange: (values: ContactValues) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** Email, name, phone, marketing consent, tags and note. */
export function ContactFields({ values, onChange, errors, disabled = false }: ContactFieldsProps) {
  const text = (field: 'email' | 'firstName' | 'lastName' | 'phone') => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ ...values, [field]: event.currentTarget.value }),
    error: errors[field],
    disabled,
  });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" {...text('firstName')} />
        <TextInput label="Last name" {...text('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" required {...text('email')} />
      <TextInput
        label="Phone"
        type="tel"
        description="With country code (E.164), like +44 20 7946 0958"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...text('phone')}
      />
      <Checkbox
        label="Accepts email marketing"
        checked={values.acceptsMarketing}
        onChange={(event) => onChange({ ...values, acceptsMarketing: event.currentTarget.checked })}
        disabled={disabled}
      />
      <TagsInput
        label="Tags"
        description="Press Enter after each tag."
        value={values.tags}
        onChange={(tags) => onChange({ ...values, tags })}
        error={errors['tags']}
        disabled={disabled}
      />
      <Textarea
        label="Note"
        autosize
        minRows={2}
        value={values.note}
        onChange={(event) => onChange({ ...values, note: event.currentTarget.value })}
        error={errors['note']}
        disabled={disabled}
      />
    </Stack>
  );
}
