import { Button, Group, Stack } from '@mantine/core';
import { tagsSchema } from '@stockroom/domain';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { TextareaField } from '../../../components/forms/form-fields';
import { TagsField } from '../../../components/forms/tags-field';
import { SectionCard } from '../../../components/section-card';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useOrderSave } from './use-order-save';

interface Values {
  tags: string[];
  note: string;
}

const schema = z.object({
  // The count first, in an order's words; then the shared rules for each tag.
  tags: z.array(z.string()).max(250, { message: 'An order can have at most 250 tags.' }).pipe(tagsSchema),
  note: z.string().trim().max(5000, { message: 'Use at most 5,000 characters.' }),
});

function TagsNoteForm({ order, canEdit }: { order: OrderFieldsFragment; canEdit: boolean }) {
  const save = useOrderSave(order);
  const form = useZodForm<Values>({
    schema,
    defaultValues: { tags: [...order.tags], note: order.note ?? '' },
    onSubmit: (values) =>
      save({ tags: values.tags, note: values.note.trim() || null }, 'Tags and note saved'),
  });
  const dirty = form.formState.isDirty;
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Tags and note">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} title="Not saved" />
        <TagsField
          control={form.control}
          name="tags"
          label="Tags"
          placeholder={canEdit ? 'Type a tag and press Enter' : undefined}
          disabled={!canEdit}
          clearable
        />
        <TextareaField
          control={form.control}
          name="note"
          label="Note"
          description="Seen by staff only."
          autosize
          minRows={2}
          maxRows={8}
          disabled={!canEdit}
        />
        {canEdit && (
          <Group justify="flex-end">
            {dirty && (
              <Button variant="default" onClick={() => form.reset()}>
                Discard
              </Button>
            )}
            <Button type="submit" loading={form.saving} disabled={!dirty}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Tags for finding and grouping orders, and a note for staff. */
export function OrderTagsNoteCard({ order, canEdit }: { order: OrderFieldsFragment; canEdit: boolean }) {
  return (
    <SectionCard title="Tags and note" testId="order-tags-note">
      {/* A change saved here or by someone else starts the form afresh from what is stored. */}
      <TagsNoteForm key={JSON.stringify([order.tags, order.note])} order={order} canEdit={canEdit} />
    </SectionCard>
  );
}
