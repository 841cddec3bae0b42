import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { nameSchema } from '@stockroom/domain';
import { useState, type FormEvent } from 'react';
import type { CategoryQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { splitUserErrors } from '../../../lib/user-errors';
import { useCategoryUpdateMutation } from '../api/category-update-mutation';

type Category = NonNullable<CategoryQuery['category']>;
const FIELDS = ['name', 'handle', 'description'] as const;

interface CategoryEditFormProps {
  category: Category;
  canEdit: boolean;
  onReload: () => Promise<unknown>;
}

/** Rename, handle and description (categoryUpdate with the loaded version). */
export function CategoryEditForm({ category, canEdit, onReload }: CategoryEditFormProps) {
  const [values, setValues] = useState({
    name: category.name,
    handle: category.handle,
    description: category.description,
  });
  const [errors, setErrors] = useState<{
    fields: Partial<Record<(typeof FIELDS)[number], string>>;
    form: string[];
  }>({ fields: {}, form: [] });
  const [stale, setStale] = useState(false);
  const [update, { loading }] = useCategoryUpdateMutation();
  const changed =
    values.name !== category.name ||
    values.handle !== category.handle ||
    values.description !== category.description;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStale(false);
    const parsed = nameSchema.safeParse(values.name);
    if (!parsed.success) {
      setErrors({ fields: { name: parsed.error.issues[0]?.message ?? 'Enter a name.' }, form: [] });
      return;
    }
    setErrors({ fields: {}, form: [] });
    try {
      const { data } = await update({
        variables: {
          id: category.id,
          input: {
            name: parsed.data,
            handle: values.handle.trim(),
            description: values.description,
            version: category.version,
          },
        },
      });
      const userErrors = data?.categoryUpdate.userErrors ?? [];
      if (userErrors.length > 0) {
        setErrors(splitUserErrors(userErrors, FIELDS));
        setStale(userErrors.some((e) => e.code === 'STALE_VERSION'));
        return;
      }
      notifications.show({ color: 'green', title: 'Category saved', message: `${parsed.data} is saved.` });
    } catch (error) {
      setErrors({ fields: {}, form: [describeError(error).message] });
    }
  };

  const set = (field: (typeof FIELDS)[number]) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Category details">
      <Stack gap="sm">
        {errors.form.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {errors.form.map((m) => (
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
        <TextInput
          label="Name"
          required
          maxLength={255}
          value={values.name}
          onChange={set('name')}
          error={errors.fields.name}
          disabled={!canEdit}
        />
        <TextInput
          label="Handle"
          description="The URL name: lowercase letters, numbers and dashes. Made from the name when empty."
          value={values.handle}
          onChange={set('handle')}
          error={errors.fields.handle}
          disabled={!canEdit}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          value={values.description}
          onChange={set('description')}
          error={errors.fields.description}
          disabled={!canEdit}
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={loading} disabled={!changed}>
              Save category
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
