import { Stack } from '@mantine/core';
import { nameSchema } from '@stockroom/domain';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { FormActions } from '../../../components/forms/form-actions';
import { useCommand } from '../../../components/use-command';
import { NativeSelectField, TextField } from '../../../components/forms/form-fields';
import type { CategoriesQuery } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useCategoryCreateMutation } from '../api/category-create-mutation';
import { buildCategoryTree, flattenTree } from './category-tree';

type Category = CategoriesQuery['categories'][number];

/** Parent choices, indented by depth so the tree shows in a plain select. */
export function parentOptions(categories: readonly Category[], exclude: ReadonlySet<string> = new Set()) {
  return [
    { value: '', label: 'None (top level)' },
    ...flattenTree(buildCategoryTree(categories))
      .filter((n) => !exclude.has(n.category.id))
      .map((n) => ({
        value: n.category.id,
        label: `${'\u00a0\u00a0\u00a0'.repeat(n.depth)}${n.category.name}`,
      })),
  ];
}

interface CategoryCreateFormProps {
  categories: readonly Category[];
  onDone: () => void;
}

/** The parent is picked from the tree, so only the name has rules to check here. */
const newCategorySchema = z.object({ name: nameSchema });

/** A new category with a name and, optionally, a parent. */
export function CategoryCreateForm({ categories, onDone }: CategoryCreateFormProps) {
  const [create] = useCategoryCreateMutation();
  const command = useCommand({
    mutate: async (input: { name: string; parentId: string | null }) =>
      (await create({ variables: { input } })).data?.categoryCreate,
    success: (_, { name }) => ({ title: 'Category created', message: `${name} is in the tree.` }),
  });
  const form = useZodForm<{ name: string; parentId: string }>({
    schema: newCategorySchema,
    defaultValues: { name: '', parentId: '' },
    onSubmit: ({ name, parentId }) => command.submit({ name: name.trim(), parentId: parentId || null }),
    onSaved: onDone,
  });

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="New category">
      <Stack gap="sm">
        <FormErrors messages={form.formErrors} />
        <TextField control={form.control} name="name" label="Name" required maxLength={255} data-autofocus />
        <NativeSelectField
          control={form.control}
          name="parentId"
          label="Parent"
          data={parentOptions(categories)}
        />
        <FormActions submitLabel="Create category" saving={form.saving} onCancel={onDone} />
      </Stack>
    </form>
  );
}
