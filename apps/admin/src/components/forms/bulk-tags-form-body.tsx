import { Stack, type TagsInputProps } from '@mantine/core';
import { tagsSchema } from '@stockroom/domain';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { PlaceableUserError } from '../../lib/forms/place-user-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { FormErrors } from '../form-errors';
import { FormActions } from './form-actions';
import { TagsField } from './tags-field';

export interface BulkTagsValues {
  tags: string[];
}

/**
 * The shared tag rules over the whole list, said under the input: one input holds every tag, so a
 * message about the third tag is a message about the input.
 */
export const bulkTagsSchema = z.object({
  tags: z.array(z.string()).superRefine((tags, ctx) => {
    if (tags.length === 0) ctx.addIssue({ code: 'custom', message: 'Enter at least one tag.' });
    const checked = tagsSchema.safeParse(tags);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  }),
});

export interface BulkTagsFormProps {
  submitLabel: string;
  /** Applies the tags; resolves to the userErrors, with paths at ["tags", …] (none when done). */
  onSubmit: (tags: string[]) => Promise<readonly PlaceableUserError[] | void>;
  onCancel: () => void;
  /** Title of the messages above the form when nothing was changed. */
  errorTitle?: string;
  input?: Omit<TagsInputProps, 'value' | 'onChange' | 'error' | 'name' | 'defaultValue'>;
}

/** The tags to add to, or remove from, every selected record (customers, products). */
export function BulkTagsForm({ submitLabel, onSubmit, onCancel, errorTitle, input }: BulkTagsFormProps) {
  const form = useZodForm<BulkTagsValues>({
    schema: bulkTagsSchema,
    defaultValues: { tags: [] },
    errorPrefix: [],
    onSubmit: ({ tags }) => onSubmit(tags.map((t) => t.trim()).filter(Boolean)),
  });
  const tags = useWatch({ control: form.control, name: 'tags' });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Tags">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} title={errorTitle} />
        <TagsField control={form.control} name="tags" label="Tags" data-autofocus {...input} />
        <FormActions
          submitLabel={submitLabel}
          saving={form.saving}
          onCancel={onCancel}
          disabled={tags.length === 0}
        />
      </Stack>
    </form>
  );
}
