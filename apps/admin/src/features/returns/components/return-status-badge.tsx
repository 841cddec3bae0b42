import { Badge } from '@mantine/core';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@stockroom/domain';

const COLORS: Record<ReturnStatus, string> = {
  REQUESTED: 'yellow',
  OPEN: 'blue',
  PARTIALLY_RECEIVED: 'orange',
  RECEIVED: 'teal',
  CLOSED: 'gray',
  CANCELLED: 'gray',
};

/** A return's state in the shared words (Requested, Awaiting receipt…). */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
      {RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}
