import { Avatar } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** The first image at 64 px, or a neutral placeholder icon. */
export function ProductThumb({
  media,
  size = 40,
}: {
  media: readonly { thumbnailUrl: string; alt: string }[];
  size?: number;
}) {
  const first = media[0];
  return (
    <Avatar
      src={first?.thumbnailUrl}
      alt={first?.alt ?? ''}
      radius="sm"
      size={size}
      variant="light"
      color="gray"
    >
      <IconPhoto size={size / 2} aria-hidden />
    </Avatar>
  );
}
