import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useSession } from '../../../lib/session-context';
import { useOrderEditPageQuery } from '../api/order-edit-page-query';
import { OrderEditForm } from '../components/order-edit-form';

function EditSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={260} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/** `/orders/:orderId/edit`: change the lines, shipping and code of a placed order, see what it does, update it. */
export function OrderEditRoute() {
  const { orderId = '' } = useParams();
  const { can } = useSession();
  const query = useOrderEditPageQuery(orderId);
  const order = (query.data ?? query.previousData)?.order ?? null;
  const current = order?.id === orderId ? order : null;
  useDocumentTitle(`Edit ${current?.name ?? 'order'} · Stockroom`);

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
          {current ? `Edit order ${current.name}` : 'Edit order'}
        </Title>
      </div>
      <DataView query={query} thing="order" skeleton={<EditSkeleton />}>
        {(data) => {
          const found = data.order;
          if (!found) return <NotFoundState thing="order" headingOrder={2} />;
          if (!can('ORDERS_WRITE')) {
            return (
              <Alert color="yellow" variant="light" title="You can't edit orders">
                Editing an order needs ORDERS_WRITE. Ask a staff manager for it.
              </Alert>
            );
          }
          if (!found.availableActions.includes('EDIT')) {
            return (
              <Alert
                color="gray"
                variant="light"
                title="This order can't be edited"
                data-testid="edit-refused"
              >
                {found.status === 'CANCELLED'
                  ? 'A cancelled order stays as it was.'
                  : 'An archived order stays as it was; unarchive it first to change it.'}{' '}
                <Anchor component={Link} to={`/orders/${found.id}`}>
                  Back to {found.name}
                </Anchor>
              </Alert>
            );
          }
          // Keyed by version: a reload after someone else's change starts again from the order as it is.
          return (
            <OrderEditForm
              key={`${found.id}:${found.version}`}
              order={found}
              onReload={() => void query.refetch()}
            />
          );
        }}
      </DataView>
    </Stack>
  );
}
