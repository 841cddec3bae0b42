import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { RETURN_STATUS_LABELS } from '@stockroom/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { OrderReturnsQuery } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

type Returns = NonNullable<OrderReturnsQuery['order']>['returns'];

const COLORS: Record<Returns[number]['status'], string> = {
  REQUESTED: 'yellow',
  OPEN: 'blue',
  PARTIALLY_RECEIVED: 'orange',
  RECEIVED: 'teal',
  CLOSED: 'gray',
  CANCELLED: 'gray',
};

/** The order's returns, each opening its page: name, state, units. */
export function OrderReturnsCard({ returns }: { returns: Returns }) {
  const formatDateTime = useFormatDateTime();
  return (
    <SectionCard title="Returns" testId="order-returns">
      <Stack gap="xs" mt="sm">
        {returns.map((r) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/returns/${r.id}`} fw={600}>
                {r.name}
              </Anchor>
              <Badge variant="light" color={COLORS[r.status]} tt="none" style={{ flexShrink: 0 }}>
                {RETURN_STATUS_LABELS[r.status]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" ta="right" title={formatDateTime(r.createdAt)}>
              {r.receivedQuantity > 0 && r.receivedQuantity < r.quantity
                ? `${r.receivedQuantity} of ${r.quantity} units in`
                : `${r.quantity} unit${r.quantity === 1 ? '' : 's'}`}
            </Text>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
