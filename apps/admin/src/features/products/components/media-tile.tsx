import { ActionIcon, AspectRatio, Group, Image, Paper, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCommand } from '../../../components/use-command';
import type { DragItemProps } from '../../../lib/use-drag-reorder';
import { useProductMediaUpdateMutation } from '../api/product-media-mutations';

export interface MediaItem {
  id: string;
  alt: string;
  filename: string;
  thumbnailUrl: string;
}

interface MediaTileProps {
  item?: MediaItem;
  pending?: { name: string; url: string };
  index: number;
  count: number;
  disabled: boolean;
  dragProps?: DragItemProps | undefined;
  onMove?: (from: number, to: number) => void;
  onDelete?: (id: string) => void;
  onRemovePending?: () => void;
  onError?: (message: string) => void;
}

/** One image: thumbnail, alt text (saved when the box is left), move and delete. */
export function MediaTile({
  item,
  pending,
  index,
  count,
  disabled,
  dragProps,
  onMove,
  onDelete,
  onRemovePending,
  onError,
}: MediaTileProps) {
  const [alt, setAlt] = useState(item?.alt ?? '');
  const [update] = useProductMediaUpdateMutation();
  const [savedAlt, setSavedAlt] = useState(item?.alt);
  if (savedAlt !== item?.alt) {
    setSavedAlt(item?.alt);
    setAlt(item?.alt ?? '');
  }
  const name = item?.filename ?? pending?.name ?? '';

  const altCommand = useCommand({
    mutate: async (vars: { id: string; alt: string }) =>
      (await update({ variables: vars })).data?.productMediaUpdate,
    // The card shows one message: the first refusal, or the failure.
    onFailed: (messages) => onError?.(messages[0] ?? ''),
  });

  const saveAlt = () => {
    if (!item || alt === item.alt) return;
    void altCommand.run({ id: item.id, alt });
  };

  return (
    <Paper withBorder radius="md" p={6} {...dragProps} data-testid="media-tile">
      <AspectRatio ratio={1}>
        <Image
          src={item?.thumbnailUrl ?? pending?.url}
          alt={alt || name}
          radius="sm"
          fit="contain"
          bg="var(--mantine-color-default-hover)"
        />
      </AspectRatio>
      {item && (
        <TextInput
          size="xs"
          mt={6}
          aria-label={`Alt text of ${name}`}
          placeholder="Alt text"
          value={alt}
          onChange={(event) => setAlt(event.currentTarget.value)}
          onBlur={saveAlt}
          onKeyDown={(event) => event.key === 'Enter' && saveAlt()}
          disabled={disabled}
        />
      )}
      {!disabled && (
        <Group gap={2} mt={4} justify="space-between" wrap="nowrap">
          {item ? (
            <Group gap={2} wrap="nowrap">
              <IconGripVertical
                size={16}
                aria-hidden
                data-drag-handle
                style={{ color: 'var(--mantine-color-dimmed)' }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Move ${name} earlier`}
                disabled={index === 0}
                onClick={() => onMove?.(index, index - 1)}
              >
                <IconArrowLeft size={14} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Move ${name} later`}
                disabled={index === count - 1}
                onClick={() => onMove?.(index, index + 1)}
              >
                <IconArrowRight size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ) : (
            <span />
          )}
          <Tooltip label="Delete image" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Delete ${name}`}
              onClick={() => (item ? onDelete?.(item.id) : onRemovePending?.())}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Paper>
  );
}
