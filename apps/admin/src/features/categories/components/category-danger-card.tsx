import { Alert, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { useCategoryDeleteMutation } from '../api/category-delete-mutation';

/** Delete, after a confirmation; the server explains why when products or subcategories remain. */
export function CategoryDangerCard({
  category,
}: {
  category: { id: string; name: string; productCount: number };
}) {
  const [confirming, { open, close }] = useDisclosure(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, { loading }] = useCategoryDeleteMutation();
  const navigate = useNavigate();

  const command = useCommand({
    mutate: async (id: string) => {
      try {
        return (await remove({ variables: { id } })).data?.categoryDelete;
      } finally {
        close();
      }
    },
    success: () => ({ title: 'Category deleted', message: `${category.name} is gone.` }),
    onFailed: (messages) => setError(messages.join(' ')),
  });
  const confirm = async () => {
    setError(null);
    if (await command.run(category.id)) await navigate('/categories');
  };

  return (
    <SectionCard
      title="Delete category"
      description="Only an empty category can be deleted: move its products and subcategories first."
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert" title="Not deleted">
            {error}
          </Alert>
        )}
        <Group>
          <Button color="red" variant="light" onClick={open}>
            Delete category
          </Button>
        </Group>
      </Stack>
      <ConfirmDeleteDialog
        opened={confirming}
        onClose={close}
        title={`Delete ${category.name}?`}
        cancelLabel="Keep it"
        loading={loading}
        onConfirm={() => void confirm()}
      >
        This cannot be undone.
      </ConfirmDeleteDialog>
    </SectionCard>
  );
}
