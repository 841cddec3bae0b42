import { Anchor, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { SectionCard } from '../../../components/section-card';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useVariantOpenOrdersQuery } from '../api/variant-open-orders-query';

/** At most this many orders are listed; a variant reserved by more is a busy one and the count says so. */
const SHOWN = 20;

/** Which open orders hold this variant's committed stock, and where, with links to them (ORDERS_READ). */
export function VariantCommittedCard({ variantId, tracked }: { variantId: string; tracked: boolean }) {
  const formatDateTime = useFormatDateTime();
  const query = useVariantOpenOrdersQuery(variantId, SHOWN);
  return (
    <SectionCard
      title="Reserved by open orders"
      description={
        tracked
          ? 'Units ordered but not shipped yet: they count as committed until they ship or the order is cancelled.'
          : 'Units ordered but not shipped yet. Stock is not tracked for this variant, so nothing is reserved.'
      }
      testId="variant-committed"
    >
      <DataView query={query} skeleton={<Skeleton height={80} radius="sm" />}>
        {(data) => {
          const lines = data.variant && 'openOrderLines' in data.variant ? data.variant.openOrderLines : [];
          if (lines.length === 0) {
            return (
              <Text size="sm" c="dimmed">
                No open order is waiting for this variant.
              </Text>
            );
          }
          const units = lines.reduce((n, l) => n + l.unfulfilledQuantity, 0);
          return (
            <Stack gap="xs">
              {lines.map((line, i) => (
                <Fragment key={line.id}>
                  {i > 0 && <Divider />}
                  <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="committed-order">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap="xs">
                        <Anchor component={Link} to={`/orders/${line.order.id}`} fw={600} size="sm">
                          {line.order.name}
                        </Anchor>
                        {line.order.customerName && (
                          <Text size="sm" truncate>
                            {line.order.customerName}
                          </Text>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(line.order.createdAt)}
                        {line.location ? ` · at ${line.location.name}` : ''}
                      </Text>
                    </Stack>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {line.unfulfilledQuantity === line.quantity
                        ? `${line.quantity} to ship`
                        : `${line.unfulfilledQuantity} of ${line.quantity} to ship`}
                    </Text>
                  </Group>
                </Fragment>
              ))}
              <Text size="xs" c="dimmed">
                {lines.length === SHOWN
                  ? `The ${SHOWN} newest orders, ${units.toLocaleString()} units; there may be more.`
                  : `${units.toLocaleString()} ${units === 1 ? 'unit' : 'units'} in ${lines.length} ${lines.length === 1 ? 'order' : 'orders'}.`}
              </Text>
            </Stack>
          );
        }}
      </DataView>
    </SectionCard>
  );
}
