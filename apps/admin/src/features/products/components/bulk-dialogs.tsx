import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { BulkTagsForm } from '../../../components/forms/bulk-tags-form';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useBulkCollectionsQuery } from '../api/bulk-collections-query';

export type BulkDialog = 'addTags' | 'removeTags' | 'collection' | 'delete' | null;

interface BulkDialogsProps {
  dialog: BulkDialog;
  target: string;
  busy: boolean;
  errors: string[];
  onClose: () => void;
  /** Resolves to the userErrors, which the tags dialog shows itself (not in `errors`). */
  onTags: (kind: 'addTags' | 'removeTags', tags: string[]) => Promise<readonly PlaceableUserError[]>;
  onCollection: (id: string) => void;
  onDelete: () => void;
}

/** The tags of the action are ["action", "addTags", …]: the dialog's one input. */
function tagsField(error: PlaceableUserError): PlaceableUserError {
  const path = error.field ?? [];
  if (path[0] !== 'action' || (path[1] !== 'addTags' && path[1] !== 'removeTags')) return error;
  return { ...error, field: ['tags', ...path.slice(2)] };
}

/** The dialogs of bulk actions that need more than one click: tags, collection, delete. */
export function BulkDialogs({
  dialog,
  target,
  busy,
  errors,
  onClose,
  onTags,
  onCollection,
  onDelete,
}: BulkDialogsProps) {
  const [collectionId, setCollectionId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const collections = useBulkCollectionsQuery(debounced, dialog !== 'collection');
  const manual = (collections.data?.collections.nodes ?? []).filter((c) => c.kind === 'MANUAL');

  const errorBox = errors.length > 0 && (
    <Alert color="red" variant="light" role="alert" mt="md" title="Nothing was changed">
      {errors.map((m) => (
        <Text key={m} size="sm">
          {m}
        </Text>
      ))}
    </Alert>
  );
  const close = () => {
    setCollectionId(null);
    onClose();
  };

  return (
    <>
      <Modal
        opened={dialog === 'addTags' || dialog === 'removeTags'}
        onClose={close}
        title={dialog === 'addTags' ? `Add tags to ${target}` : `Remove tags from ${target}`}
        centered
      >
        {(dialog === 'addTags' || dialog === 'removeTags') && (
          <BulkTagsForm
            submitLabel={dialog === 'addTags' ? 'Add tags' : 'Remove tags'}
            errorTitle="Nothing was changed"
            onSubmit={async (tags) => (await onTags(dialog, tags)).map(tagsField)}
            onCancel={close}
            input={{ splitChars: [','], placeholder: 'Press Enter after each tag' }}
          />
        )}
      </Modal>
      <Modal
        opened={dialog === 'collection'}
        onClose={close}
        title={`Add ${target} to a collection`}
        centered
      >
        <Select
          label="Collection"
          description="Manual collections only; automated ones choose their products by rules."
          data={manual.map((c) => ({ value: c.id, label: c.title }))}
          value={collectionId}
          onChange={setCollectionId}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={collections.loading ? 'Loading…' : 'No manual collection by that name'}
          placeholder="Pick a collection"
        />
        {errorBox}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!collectionId}
            loading={busy}
            onClick={() => collectionId && onCollection(collectionId)}
          >
            Add to collection
          </Button>
        </Group>
      </Modal>
      <Modal opened={dialog === 'delete'} onClose={close} title={`Delete ${target}?`} centered>
        <Text size="sm">
          Products, their variants, images and stock levels are removed. This cannot be undone. Products on
          orders are refused; archive those instead.
        </Text>
        {errorBox}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}
