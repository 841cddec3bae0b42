import { Badge } from '@mantine/core';
import type { ProductStatus } from '../../../gql/graphql';

const LOOK: Record<ProductStatus, { color: string; label: string }> = {
  ACTIVE: { color: 'green', label: 'Active' },
  DRAFT: { color: 'blue', label: 'Draft' },
  ARCHIVED: { color: 'gray', label: 'Archived' },
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" tt="none" data-testid="status-badge">
      {look.label}
    </Badge>
  );
}
