import { useSavedToast } from '../../../components/undo-toast';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconChevronDown, IconCopy, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { DuplicateDialog } from './duplicate-dialog';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { useProductDeleteMutation } from '../api/product-delete-mutation';
import { useProductDuplicateMutation } from '../api/product-duplicate-mutation';
import { useProductUpdateMutation } from '../api/product-update-mutation';

interface ProductActionsProps {
  product: Pick<ProductFieldsFragment, 'id' | 'title' | 'status' | 'media'>;
  version: number | null;
  /** Navigates away (after duplicate or delete), past the unsaved-changes guard. */
  onLeave: (to: string) => void;
  onArchived: (product: ProductFieldsFragment) => void;
  onError: (messages: string[]) => void;
}

/** Duplicate, archive (or restore to draft) and delete. */
export function ProductActions({ product, version, onLeave, onArchived, onError }: ProductActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleteErrors, setDeleteErrors] = useState<string[]>([]);
  const [duplicate, duplicateState] = useProductDuplicateMutation();
  const [remove, removeState] = useProductDeleteMutation();
  const savedToast = useSavedToast();
  const [update, updateState] = useProductUpdateMutation();
  const archived = product.status === 'ARCHIVED';

  const [duplicating, setDuplicating] = useState(false);
  const [duplicateErrors, setDuplicateErrors] = useState<string[]>([]);

  const runDuplicate = async (choice: { title: string; copyImages: boolean }) => {
    try {
      const { data } = await duplicate({
        variables: { id: product.id, title: choice.title || null, copyImages: choice.copyImages },
      });
      const copy = data?.productDuplicate.product;
      if (!copy) return setDuplicateErrors(data?.productDuplicate.userErrors.map((e) => e.message) ?? []);
      setDuplicating(false);
      notifications.show({
        color: 'green',
        title: 'Product duplicated',
        message: `${copy.title} is a draft copy.`,
      });
      onLeave(`/products/${copy.id}`);
    } catch (error) {
      setDuplicateErrors([describeError(error).message]);
    }
  };

  const setStatus = async () => {
    try {
      const status = archived ? 'DRAFT' : 'ARCHIVED';
      const { data } = await update({
        variables: { id: product.id, input: { status, ...(version === null ? {} : { version }) } },
      });
      const saved = data?.productUpdate.product;
      if (!saved) return onError(data?.productUpdate.userErrors.map((e) => e.message) ?? []);
      onArchived(saved);
      notifications.show({
        color: 'green',
        title: archived ? 'Restored as a draft' : 'Product archived',
        message: saved.title,
      });
    } catch (error) {
      onError([describeError(error).message]);
    }
  };

  const runDelete = async () => {
    try {
      const { data } = await remove({ variables: { id: product.id } });
      const errors = data?.productDelete.userErrors ?? [];
      if (errors.length || !data?.productDelete.deletedProductId)
        return setDeleteErrors(errors.map((e) => e.message));
      setConfirming(false);
      savedToast({
        title: 'Product deleted',
        message: product.title,
        auditEventId: data.productDelete.auditEventId,
      });
      onLeave('/products');
    } catch (error) {
      setDeleteErrors([describeError(error).message]);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={updateState.loading}
          >
            More actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => {
              setDuplicateErrors([]);
              setDuplicating(true);
            }}
          >
            Duplicate
          </Menu.Item>
          <Menu.Item
            leftSection={
              archived ? <IconRestore size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
            }
            onClick={() => void setStatus()}
          >
            {archived ? 'Restore as draft' : 'Archive'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => {
              setDeleteErrors([]);
              setConfirming(true);
            }}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <DuplicateDialog
        key={`${product.id}-${String(duplicating)}`}
        opened={duplicating}
        productTitle={product.title}
        imageCount={product.media.length}
        loading={duplicateState.loading}
        errors={duplicateErrors}
        onClose={() => setDuplicating(false)}
        onConfirm={(choice) => void runDuplicate(choice)}
      />
      <ConfirmDeleteDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${product.title}?`}
        confirmLabel="Delete product"
        loading={removeState.loading}
        onConfirm={() => void runDelete()}
        errors={deleteErrors}
      >
        The product, its variants, images and stock levels are removed. This cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}
