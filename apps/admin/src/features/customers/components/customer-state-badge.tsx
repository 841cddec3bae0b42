import { Badge } from '@mantine/core';
import type { CustomerState } from '../../../gql/graphql';

const LOOK: Record<CustomerState, { color: string; label: string }> = {
  ENABLED: { color: 'green', label: 'Enabled' },
  DISABLED: { color: 'gray', label: 'Disabled' },
  ERASED: { color: 'red', label: 'Erased' },
};

export function CustomerStateBadge({ state }: { state: CustomerState }) {
  const look = LOOK[state];
  return (
    <Badge color={look.color} variant="dot" tt="none">
      {look.label}
    </Badge>
  );
}
