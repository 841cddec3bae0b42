import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useSession } from '../../../lib/session-context';
import { useOrderFulfillPageQuery } from '../api/order-fulfill-query';
import { FulfillForm, NothingToFulfill } from '../components/fulfill-form';

function FulfillSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={260} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/** `/orders/:orderId/fulfill`: choose lines, quantities, the location and the tracking of one shipment. */
export function OrderFulfillRoute() {
  const { orderId = '' } = useParams();
  const { can } = useSession();
  const query = useOrderFulfillPageQuery(orderId);
  const order = (query.data ?? query.previousData)?.order ?? null;
  const current = order?.id === orderId ? order : null;
  useDocumentTitle(`Fulfill ${current?.name ?? 'order'} · Stockroom`);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component={Link} to={`/orders/${orderId}`} size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {current?.name ?? 'Order'}
          </Group>
        </Anchor>
        <Title order={1} mt={4}>
          {current ? `Fulfill ${current.name}` : 'Fulfill order'}
        </Title>
      </div>
      <DataView query={query} thing="order" skeleton={<FulfillSkeleton />}>
        {(data) => {
          const found = data.order;
          if (!found) return <NotFoundState thing="order" headingOrder={2} />;
          if (!can('ORDERS_WRITE')) {
            return (
              <Alert color="yellow" variant="light" title="You can't fulfill orders">
                Fulfilling orders needs ORDERS_WRITE. Ask a staff manager for it.
              </Alert>
            );
          }
          if (!found.availableActions.includes('FULFILL')) return <NothingToFulfill order={found} />;
          if (!data.locations.some((l) => l.active)) {
            return (
              <Alert color="yellow" variant="light" title="No active location">
                Items ship from a location; activate one in Settings › Locations first.
              </Alert>
            );
          }
          // Keyed by order: the form's defaults are computed once, from the order it opened with.
          return <FulfillForm key={found.id} order={found} locations={data.locations} />;
        }}
      </DataView>
    </Stack>
  );
}
