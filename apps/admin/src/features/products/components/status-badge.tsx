import { Badge } from '@mantine/core';
import type { ProductStatus } from '../../../gql/graphql';

const LOOK: Record<ProductStatus, { color: string; label: string }> = {
  ACTIVE: { color: 'green', label: 'Active' },
  DRAFT: { color: 'blue', label: 'Draft' },
  ARCHIVED: { color: 'gray', label: 'Archived' },
};

/** A dot badge, like the orders' and discounts': light green text fails WCAG contrast. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="dot" tt="none" data-testid="status-badge">
      {look.label}
    </Badge>
  );
}
