import { Anchor, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { SectionCard } from '../../../components/section-card';
import { OrderBadges } from '../../../components/order-status-badges';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useCustomerOrdersQuery } from '../api/customer-orders-query';

const SHOWN = 10;

/** The customer's latest orders with their state and total, linking to each (ORDERS_READ). */
export function CustomerOrdersCard({ customerId }: { customerId: string }) {
  const formatDateTime = useFormatDateTime();
  const query = useCustomerOrdersQuery(customerId, SHOWN);
  return (
    <SectionCard title="Orders" testId="customer-orders">
      <DataView query={query} skeleton={<Skeleton height={90} radius="sm" />}>
        {(data) => {
          const orders = data.customer?.orders ?? [];
          if (orders.length === 0) {
            return (
              <Text size="sm" c="dimmed">
                No orders yet.
              </Text>
            );
          }
          const count = data.customer?.ordersCount ?? orders.length;
          return (
            <Stack gap="xs">
              {orders.map((order, i) => (
                <Fragment key={order.id}>
                  {i > 0 && <Divider />}
                  <Group
                    justify="space-between"
                    wrap="nowrap"
                    align="flex-start"
                    gap="sm"
                    data-testid="customer-order"
                  >
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap="xs">
                        <Anchor component={Link} to={`/orders/${order.id}`} fw={600} size="sm">
                          {order.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {formatDateTime(order.createdAt)}
                        </Text>
                      </Group>
                      <Group gap={4}>
                        <OrderBadges order={order} size="sm" />
                      </Group>
                    </Stack>
                    <Text
                      size="sm"
                      fw={600}
                      td={order.status === 'CANCELLED' ? 'line-through' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {formatMoney(order.total)}
                    </Text>
                  </Group>
                </Fragment>
              ))}
              {count > orders.length && (
                <Text size="xs" c="dimmed">
                  The {orders.length} latest of {count.toLocaleString()} orders.
                </Text>
              )}
            </Stack>
          );
        }}
      </DataView>
    </SectionCard>
  );
}
