import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { nameSchema } from '@stockroom/domain';
import { useState, type FormEvent } from 'react';
import type { CategoriesQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { splitUserErrors } from '../../../lib/user-errors';
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

/** A new category with a name and, optionally, a parent. */
export function CategoryCreateForm({ categories, onDone }: CategoryCreateFormProps) {
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [errors, setErrors] = useState<{ name?: string; parentId?: string; form: string[] }>({ form: [] });
  const [create, { loading }] = useCategoryCreateMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) {
      setErrors({ name: parsed.error.issues[0]?.message ?? 'Enter a name.', form: [] });
      return;
    }
    setErrors({ form: [] });
    try {
      const { data } = await create({
        variables: { input: { name: parsed.data, parentId: parentId || null } },
      });
      const userErrors = data?.categoryCreate.userErrors ?? [];
      if (userErrors.length > 0) {
        const split = splitUserErrors(userErrors, ['name', 'parentId'] as const);
        setErrors({ ...split.fields, form: split.form });
        return;
      }
      notifications.show({
        color: 'green',
        title: 'Category created',
        message: `${parsed.data} is in the tree.`,
      });
      setName('');
      onDone();
    } catch (error) {
      setErrors({ form: [describeError(error).message] });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New category">
      <Stack gap="sm">
        {errors.form.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {errors.form.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          maxLength={255}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <NativeSelect
          label="Parent"
          value={parentId}
          onChange={(e) => setParentId(e.currentTarget.value)}
          data={parentOptions(categories)}
          error={errors.parentId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Create category
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
