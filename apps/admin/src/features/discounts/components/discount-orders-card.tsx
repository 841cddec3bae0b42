import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useDiscountOrdersQuery } from '../api/discount-orders-query';

/** The newest orders that carry the code, and a way to all of them in the orders list. */
export function DiscountOrdersCard({
  discountId,
  canReadOrders,
}: {
  discountId: string;
  canReadOrders: boolean;
}) {
  const format = useFormatDateTime();
  const { data, error } = useDiscountOrdersQuery(discountId, !canReadOrders);
  if (!canReadOrders) return null;
  const orders = data?.orders;
  return (
    <SectionCard title="Orders with this code" testId="discount-orders">
      <Stack gap="xs" mt="xs">
        {error && (
          <Text size="sm" c="red">
            The orders could not be loaded.
          </Text>
        )}
        {orders && orders.nodes.length === 0 && (
          <Text size="sm" c="dimmed">
            No order has used it yet.
          </Text>
        )}
        {orders?.nodes.map((o) => (
          <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/orders/${o.id}`} fw={600} size="sm">
                {o.name}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {o.customerName ?? o.email ?? 'No customer'} · {format(o.createdAt)}
                {o.status === 'CANCELLED' ? ' · cancelled' : ''}
              </Text>
            </div>
            <div style={{ textAlign: 'right' }}>
              <Text size="sm">{formatMoney(o.total)}</Text>
              {o.discountTotal.amount !== '0.00' && (
                <Text size="xs" c="dimmed">
                  −{formatMoney(o.discountTotal)}
                </Text>
              )}
            </div>
          </Group>
        ))}
        {orders && orders.nodes.length > 0 && (
          <Anchor component={Link} to={`/orders?q=${encodeURIComponent(`discount:${discountId}`)}`} size="sm">
            See{' '}
            {orders.count.value === 1
              ? 'it'
              : `all ${orders.count.value.toLocaleString('en-US')}${orders.count.precision === 'AT_LEAST' ? '+' : ''}`}{' '}
            in Orders
          </Anchor>
        )}
      </Stack>
    </SectionCard>
  );
}
