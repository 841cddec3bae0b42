import { Badge } from '@mantine/core';
import type { DiscountStatus } from '../../../gql/graphql';

const LOOK: Record<DiscountStatus, { color: string; label: string }> = {
  ACTIVE: { color: 'green', label: 'Active' },
  SCHEDULED: { color: 'blue', label: 'Scheduled' },
  EXPIRED: { color: 'gray', label: 'Expired' },
  DISABLED: { color: 'red', label: 'Disabled' },
};

/**
 * SPEC §4: the derived status, as a dot badge like the orders' (components/order-status-badges): the
 * words keep the text colour, since light green or yellow text fails WCAG contrast.
 */
export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  const look = LOOK[status];
  return (
    <Badge variant="dot" color={look.color} tt="none" style={{ flexShrink: 0 }} data-testid="discount-status">
      {look.label}
    </Badge>
  );
}
