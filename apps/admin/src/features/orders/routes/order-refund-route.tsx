import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useSession } from '../../../lib/session-context';
import { useOrderRefundPageQuery } from '../api/order-refund-page-query';
import { RefundForm } from '../components/refund-form';

function RefundSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={260} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/** `/orders/:orderId/refund`: choose what comes back, see the amount, and refund it. */
export function OrderRefundRoute() {
  const { orderId = '' } = useParams();
  const { can } = useSession();
  const query = useOrderRefundPageQuery(orderId);
  const order = (query.data ?? query.previousData)?.order ?? null;
  const current = order?.id === orderId ? order : null;
  useDocumentTitle(`Refund ${current?.name ?? 'order'} · Stockroom`);

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
          {current ? `Refund ${current.name}` : 'Refund order'}
        </Title>
      </div>
      <DataView query={query} thing="order" skeleton={<RefundSkeleton />}>
        {(data) => {
          const found = data.order;
          if (!found) return <NotFoundState thing="order" headingOrder={2} />;
          if (!can('REFUNDS_WRITE')) {
            return (
              <Alert color="yellow" variant="light" title="You can't refund orders">
                Refunds need REFUNDS_WRITE. Ask a staff manager for it.
              </Alert>
            );
          }
          // The server's rule (issue #26 §1.2): no money left to give back and no shipped units to restock.
          if (!found.availableActions.includes('REFUND')) {
            return (
              <Alert
                color="gray"
                variant="light"
                title="Nothing is left to refund on this order"
                data-testid="nothing-to-refund"
              >
                Everything paid has been refunded (or nothing was paid), and no shipped items are left to take
                back into stock.{' '}
                <Anchor component={Link} to={`/orders/${found.id}`}>
                  Back to {found.name}
                </Anchor>
              </Alert>
            );
          }
          // Keyed by order: the choices start from the order the page opened with.
          return <RefundForm key={found.id} order={found} locations={data.locations} />;
        }}
      </DataView>
    </Stack>
  );
}
