import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormErrors } from '../../../components/form-errors';

interface Props {
  opened: boolean;
  productTitle: string;
  imageCount: number;
  loading: boolean;
  errors: string[];
  onClose: () => void;
  onConfirm: (choice: { title: string; copyImages: boolean }) => void;
}

/** Asks before duplicating: the copy's title, and whether its images come along. */
export function DuplicateDialog({
  opened,
  productTitle,
  imageCount,
  loading,
  errors,
  onClose,
  onConfirm,
}: Props) {
  const [title, setTitle] = useState(`Copy of ${productTitle}`);
  const [copyImages, setCopyImages] = useState(true);
  return (
    <Modal opened={opened} onClose={onClose} title={`Duplicate ${productTitle}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm({ title: title.trim(), copyImages: imageCount > 0 && copyImages });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Title of the copy"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={255}
            data-autofocus
          />
          {imageCount > 0 && (
            <Checkbox
              label={`Copy the ${imageCount === 1 ? 'image' : `${imageCount} images`}`}
              checked={copyImages}
              onChange={(e) => setCopyImages(e.currentTarget.checked)}
            />
          )}
          <Text size="sm" c="dimmed">
            The copy is a draft with the same variants and prices. SKUs get “-copy” added; barcodes and stock
            are not copied.
          </Text>
          <FormErrors messages={errors} title="Not duplicated" />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Duplicate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
