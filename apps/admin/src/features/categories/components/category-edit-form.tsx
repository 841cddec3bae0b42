import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { CATALOG_LIMITS, handleSchema, nameSchema } from '@stockroom/domain';
import { useState } from 'react';
import { z } from 'zod';
import { TextareaField, TextField } from '../../../components/forms/form-fields';
import { useCommand } from '../../../components/use-command';
import type { CategoryQuery } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useCategoryUpdateMutation } from '../api/category-update-mutation';

type Category = NonNullable<CategoryQuery['category']>;

interface CategoryValues {
  name: string;
  handle: string;
  description: string;
}

/** categoryUpdate's rules: an empty handle is made from the name. */
export const categorySchema = z.object({
  name: nameSchema,
  handle: z.union([z.literal(''), handleSchema]),
  description: z.string().max(CATALOG_LIMITS.description, {
    message: `Use at most ${CATALOG_LIMITS.description.toLocaleString('en-US')} characters.`,
  }),
});

interface CategoryEditFormProps {
  category: Category;
  canEdit: boolean;
  onReload: () => Promise<unknown>;
}

/** Rename, handle and description (categoryUpdate with the loaded version). */
export function CategoryEditForm({ category, canEdit, onReload }: CategoryEditFormProps) {
  const [stale, setStale] = useState(false);
  const [update] = useCategoryUpdateMutation();
  const save = useCommand({
    mutate: async (input: { name: string; handle: string; description: string; version: number }) =>
      (await update({ variables: { id: category.id, input } })).data?.categoryUpdate,
    success: (_, { name }) => ({ title: 'Category saved', message: `${name} is saved.` }),
  });
  const form = useZodForm<CategoryValues>({
    schema: categorySchema,
    defaultValues: { name: category.name, handle: category.handle, description: category.description },
    onSubmit: async (values) => {
      setStale(false);
      const errors = await save.submit({
        name: values.name.trim(),
        handle: values.handle.trim(),
        description: values.description,
        version: category.version,
      });
      setStale(errors.some((e) => e.code === 'STALE_VERSION'));
      return errors;
    },
  });
  const field = <N extends keyof CategoryValues>(name: N) => ({
    control: form.control,
    name,
    disabled: !canEdit,
  });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Category details">
      <Stack gap="sm">
        {form.formErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {form.formErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
            {stale && (
              <Button mt="xs" size="xs" variant="default" onClick={() => void onReload()}>
                Reload category
              </Button>
            )}
          </Alert>
        )}
        <TextField label="Name" required maxLength={255} {...field('name')} />
        <TextField
          label="Handle"
          description="The URL name: lowercase letters, numbers and dashes. Made from the name when empty."
          {...field('handle')}
        />
        <TextareaField label="Description" autosize minRows={3} maxRows={10} {...field('description')} />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={form.saving} disabled={!form.formState.isDirty}>
              Save category
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
