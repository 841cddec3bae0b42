import { Badge } from '@mantine/core';
import type { EmailMessageStatus } from '../../../gql/graphql';

const LOOK: Record<EmailMessageStatus, { color: string; label: string }> = {
  QUEUED: { color: 'blue', label: 'Queued' },
  SENT: { color: 'green', label: 'Sent' },
  FAILED: { color: 'red', label: 'Failed' },
  NOT_SENT: { color: 'gray', label: 'Not sent' },
};

export function EmailStatusBadge({ status }: { status: EmailMessageStatus }) {
  const look = LOOK[status];
  return (
    // Never cut to "Not …" beside a long subject on a phone.
    <Badge color={look.color} variant="light" style={{ flexShrink: 0 }}>
      {look.label}
    </Badge>
  );
}
