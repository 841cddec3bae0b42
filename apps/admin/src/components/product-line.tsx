import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ProductStatus } from '../gql/graphql';

export interface ProductSummary {
  id: string;
  title: string;
  status: ProductStatus;
  vendor?: string | null;
  media: readonly { id: string; alt: string; thumbnailUrl: string }[];
}

const STATUS_COLOR: Record<ProductStatus, string> = { ACTIVE: 'teal', DRAFT: 'gray', ARCHIVED: 'orange' };

/** A product as one line: picture, title, vendor, status. */
export function ProductLine({ product }: { product: ProductSummary }) {
  const image = product.media[0];
  return (
    <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Avatar src={image?.thumbnailUrl} alt={image?.alt ?? ''} radius="sm" size={36}>
        <IconPhoto size={18} aria-hidden />
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate>
          {product.title}
        </Text>
        {product.vendor && (
          <Text size="xs" c="dimmed" truncate>
            {product.vendor}
          </Text>
        )}
      </Stack>
      {product.status !== 'ACTIVE' && (
        <Badge size="xs" variant="dot" color={STATUS_COLOR[product.status]}>
          {product.status.toLowerCase()}
        </Badge>
      )}
    </Group>
  );
}
