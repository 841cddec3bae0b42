import { Badge } from '@mantine/core';
import type { StaffState } from '../../../gql/graphql';

const LOOK: Record<StaffState, { color: string; label: string }> = {
  ACTIVE: { color: 'green', label: 'Active' },
  INVITED: { color: 'blue', label: 'Invited' },
  DEACTIVATED: { color: 'gray', label: 'Deactivated' },
};

export function StaffStateBadge({ state }: { state: StaffState }) {
  return (
    <Badge variant="dot" color={LOOK[state].color} tt="none" data-testid="staff-state">
      {LOOK[state].label}
    </Badge>
  );
}
