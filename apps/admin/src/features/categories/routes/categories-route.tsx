import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { FormDialog, useFormDialog } from '../../../components/forms/form-dialog';
import { useCategoriesQuery } from '../api/categories-query';
import { CategoryCreateForm } from '../components/category-create-form';
import { CategoryTreeView } from '../components/category-tree-view';

/** `/categories`: the category tree; create, move (drag or menu), open one to rename or delete. */
export function CategoriesRoute() {
  useDocumentTitle('Categories · Stockroom');
  const { can } = useSession();
  const canEdit = can('CATALOG_WRITE');
  const query = useCategoriesQuery();
  const dialog = useFormDialog();
  const categories = (query.data ?? query.previousData)?.categories ?? [];

  const newButton = canEdit && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={dialog.add}>
      New category
    </Button>
  );

  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Categories</Title>
          <Text c="dimmed">
            {canEdit
              ? 'Each product sits in one category. Drag a category onto another to nest it, or use its ⋯ menu.'
              : 'Each product sits in one category. Changing the tree needs CATALOG_WRITE.'}
          </Text>
        </div>
        {newButton}
      </Group>
      <DataView
        query={query}
        skeleton={
          <Stack gap={6}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={36} radius="sm" ml={(i % 3) * 24} />
            ))}
          </Stack>
        }
        isEmpty={(data) => data.categories.length === 0}
        empty={{
          title: 'No categories yet',
          description: canEdit
            ? 'Create the first category, such as Clothing or Home, then nest others inside it.'
            : 'A person with CATALOG_WRITE can create categories.',
          action: newButton || undefined,
        }}
      >
        {(data) => <CategoryTreeView categories={data.categories} canEdit={canEdit} />}
      </DataView>
      <FormDialog dialog={dialog} title={{ add: 'New category' }}>
        {() => <CategoryCreateForm categories={categories} onDone={dialog.close} />}
      </FormDialog>
    </Stack>
  );
}
