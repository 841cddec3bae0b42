import { useSavedToast } from '../../../components/undo-toast';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { describeError } from '../../../lib/errors';
import { useCollectionDeleteMutation } from '../api/collection-delete-mutation';
import { collectionsDocument } from '../api/collections-query';

/** Deletes the collection after a confirmation; its products stay in the catalog. */
export function CollectionDeleteButton({ collection }: { collection: { id: string; title: string } }) {
  const [confirming, { open, close }] = useDisclosure(false);
  const [remove, { loading }] = useCollectionDeleteMutation();
  const savedToast = useSavedToast();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      const { data } = await remove({
        variables: { id: collection.id },
        refetchQueries: [collectionsDocument],
      });
      const errors = data?.collectionDelete.userErrors ?? [];
      close();
      if (errors.length > 0) {
        notifications.show({
          color: 'red',
          title: 'Not deleted',
          message: errors.map((e) => e.message).join(' '),
        });
        return;
      }
      savedToast({
        title: 'Collection deleted',
        message: `${collection.title} is gone; its products stay.`,
        auditEventId: data?.collectionDelete.auditEventId,
      });
      await navigate('/collections');
    } catch (error) {
      close();
      notifications.show({ color: 'red', title: 'Not deleted', message: describeError(error).message });
    }
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
