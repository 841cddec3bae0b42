import { Alert, Button, FileButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { moveItem, useDragReorder } from '../../../lib/use-drag-reorder';
import {
  useProductMediaDeleteMutation,
  useProductMediaReorderMutation,
} from '../api/product-media-mutations';
import { uploadProductMedia } from '../api/product-media-upload';
import { MediaTile, type MediaItem } from './media-tile';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

interface MediaCardProps {
  /** null for a product not saved yet: the chosen files wait and are uploaded right after the first save. */
  productId: string | null;
  media: readonly MediaItem[];
  pending: readonly File[];
  onPendingChange: (files: File[]) => void;
  onUploaded: () => Promise<unknown>;
  disabled: boolean;
}

/** Images: upload several at once, drag (or Move buttons) to reorder, alt text, delete. Saved at once. */
export function MediaCard({
  productId,
  media,
  pending,
  onPendingChange,
  onUploaded,
  disabled,
}: MediaCardProps) {
  const [order, setOrder] = useState<MediaItem[]>([...media]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [reorder] = useProductMediaReorderMutation();
  const [remove] = useProductMediaDeleteMutation();
  const [shownMedia, setShownMedia] = useState(media);
  if (shownMedia !== media) {
    setShownMedia(media);
    setOrder([...media]);
  }

  const pendingUrls = useMemo(() => pending.map((file) => URL.createObjectURL(file)), [pending]);
  useEffect(() => () => pendingUrls.forEach((url) => URL.revokeObjectURL(url)), [pendingUrls]);

  // Each change is saved at once: its refusal or failure shows on the card; a success clears it.
  const told = { onFailed: (messages: string[]) => setErrors(messages), onDone: () => setErrors([]) };
  const reorderCommand = useCommand({
    mutate: async (variables: { productId: string; mediaIds: string[] }) =>
      (await reorder({ variables })).data?.productMediaReorder,
    ...told,
  });
  const deleteCommand = useCommand({
    mutate: async (id: string) => (await remove({ variables: { id } })).data?.productMediaDelete,
    ...told,
  });

  const move = (from: number, to: number) => {
    if (!productId || to < 0 || to >= order.length) return;
    const next = moveItem(order, from, to);
    setOrder(next);
    void reorderCommand.run({ productId, mediaIds: next.map((m) => m.id) });
  };
  const { itemProps } = useDragReorder(move);

  const add = async (files: File[]) => {
    if (!files.length) return;
    if (!productId) {
      onPendingChange([...pending, ...files]);
      return;
    }
    setUploading(true);
    const outcome = await uploadProductMedia(productId, files);
    setErrors(outcome.errors);
    await onUploaded().catch(() => undefined);
    setUploading(false);
  };

  const deleteMedia = (id: string) => {
    setOrder((current) => current.filter((m) => m.id !== id));
    void deleteCommand.run(id);
  };

  return (
    <SectionCard
      title="Media"
      description="JPEG, PNG, WebP, GIF or AVIF up to 20 MB each. The first image is the main one."
      testId="media-card"
    >
      <Stack gap="md">
        {errors.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="Some images were not saved"
          >
            {errors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        {(order.length > 0 || pending.length > 0) && (
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
            {order.map((item, index) => (
              <MediaTile
                key={item.id}
                item={item}
                index={index}
                count={order.length}
                disabled={disabled}
                dragProps={disabled ? undefined : itemProps(index)}
                onMove={move}
                onDelete={deleteMedia}
                onError={(message) => setErrors([message])}
              />
            ))}
            {pending.map((file, index) => (
              <MediaTile
                key={pendingUrls[index]}
                pending={{ name: file.name, url: pendingUrls[index] ?? '' }}
                index={index}
                count={pending.length}
                disabled={disabled}
                onRemovePending={() => onPendingChange(pending.filter((_, i) => i !== index))}
              />
            ))}
          </SimpleGrid>
        )}
        {pending.length > 0 && (
          <Text size="sm" c="dimmed">
            {pending.length === 1 ? 'This image is' : `These ${pending.length} images are`} uploaded when you
            save the product.
          </Text>
        )}
        {!disabled && (
          <Group>
            <FileButton onChange={(files) => void add(files)} accept={ACCEPT} multiple>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={uploading}
                >
                  Add images
                </Button>
              )}
            </FileButton>
          </Group>
        )}
        {disabled && order.length === 0 && (
          <Text size="sm" c="dimmed">
            No images.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
