import { Button, Menu } from '@mantine/core';
import { IconArchive, IconChevronDown, IconCopy, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/forms/confirm-delete-dialog';
import { useCommand } from '../../../components/use-command';
import { DuplicateDialog } from './duplicate-dialog';
import type { ProductFieldsFragment } from '../../../gql/graphql';
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
  const [duplicate] = useProductDuplicateMutation();
  const [remove] = useProductDeleteMutation();
  const [update] = useProductUpdateMutation();
  const archived = product.status === 'ARCHIVED';

  const [duplicating, setDuplicating] = useState(false);
  const [duplicateErrors, setDuplicateErrors] = useState<string[]>([]);

  const duplicateCommand = useCommand({
    mutate: async (choice: { title: string; copyImages: boolean }) =>
      (
        await duplicate({
          variables: { id: product.id, title: choice.title || null, copyImages: choice.copyImages },
        })
      ).data?.productDuplicate,
    success: ({ product: copy }) =>
      copy && { title: 'Product duplicated', message: `${copy.title} is a draft copy.` },
    onFailed: (messages) => setDuplicateErrors(messages),
    onDone: ({ product: copy }) => {
      if (!copy) return;
      setDuplicating(false);
      onLeave(`/products/${copy.id}`);
    },
  });

  const statusCommand = useCommand({
    mutate: async (status: 'DRAFT' | 'ARCHIVED') =>
      (
        await update({
          variables: { id: product.id, input: { status, ...(version === null ? {} : { version }) } },
        })
      ).data?.productUpdate,
    success: ({ product: saved }, status) =>
      saved && {
        title: status === 'DRAFT' ? 'Restored as a draft' : 'Product archived',
        message: saved.title,
      },
    onFailed: (messages) => onError(messages),
    onDone: ({ product: saved }) => saved && onArchived(saved),
  });

  const deleteCommand = useCommand({
    mutate: async (id: string) => (await remove({ variables: { id } })).data?.productDelete,
    success: () => ({ title: 'Product deleted', message: product.title }),
    undo: true,
    onFailed: (messages) => setDeleteErrors(messages),
    onDone: () => {
      setConfirming(false);
      onLeave('/products');
    },
  });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={statusCommand.running}
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
            onClick={() => void statusCommand.run(archived ? 'DRAFT' : 'ARCHIVED')}
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
        loading={duplicateCommand.running}
        errors={duplicateErrors}
        onClose={() => setDuplicating(false)}
        onConfirm={(choice) => void duplicateCommand.run(choice)}
      />
      <ConfirmDeleteDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${product.title}?`}
        confirmLabel="Delete product"
        loading={deleteCommand.running}
        onConfirm={() => void deleteCommand.run(product.id)}
        errors={deleteErrors}
      >
        The product, its variants, images and stock levels are removed. This cannot be undone.
      </ConfirmDeleteDialog>
    </>
  );
}
