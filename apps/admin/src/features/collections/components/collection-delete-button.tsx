import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { useCommand } from '../../../components/use-command';
import { useCollectionDeleteMutation } from '../api/collection-delete-mutation';
import { collectionsDocument } from '../api/collections-query';

/** Deletes the collection after a confirmation; its products stay in the catalog. */
export function CollectionDeleteButton({ collection }: { collection: { id: string; title: string } }) {
  const [confirming, { open, close }] = useDisclosure(false);
  const [remove, { loading }] = useCollectionDeleteMutation();
  const navigate = useNavigate();

  const command = useCommand({
    mutate: async (id: string) => {
      try {
        return (await remove({ variables: { id }, refetchQueries: [collectionsDocument] })).data
          ?.collectionDelete;
      } finally {
        close();
      }
    },
    failedTitle: 'Not deleted',
    success: () => ({
      title: 'Collection deleted',
      message: `${collection.title} is gone; its products stay.`,
    }),
    undo: true,
  });
  const confirm = async () => {
    if (await command.run(collection.id)) await navigate('/collections');
  };

  return (
    <>
      <Button color="red" variant="subtle" onClick={open}>
        Delete collection
      </Button>
      <ConfirmDeleteDialog
        opened={confirming}
        onClose={close}
        title={`Delete ${collection.title}?`}
        cancelLabel="Keep it"
        loading={loading}
        onConfirm={() => void confirm()}
      >
        The products stay in the catalog; only the collection goes. This cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}
