import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useSession } from '../../../lib/session-context';
import { useReturnCreatePageQuery } from '../api/return-create-page-query';
import { ReturnCreateForm } from '../components/return-create-form';

function CreateSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={260} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/** `/orders/:orderId/return`: choose what comes back and why, see the credit, and take the return. */
export function OrderReturnRoute() {
  const { orderId = '' } = useParams();
  const { can } = useSession();
  const query = useReturnCreatePageQuery(orderId);
  const order = (query.data ?? query.previousData)?.order ?? null;
  const current = order?.id === orderId ? order : null;
  useDocumentTitle(`Return ${current?.name ?? 'items'} · Stockroom`);

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
          {current ? `Return items of ${current.name}` : 'Return items'}
        </Title>
      </div>
      <DataView query={query} thing="order" skeleton={<CreateSkeleton />}>
        {(data) => {
          const found = data.order;
          if (!found) return <NotFoundState thing="order" headingOrder={2} />;
          if (!can('RETURNS_WRITE')) {
            return (
              <Alert color="yellow" variant="light" title="You can't take returns">
                Returns need RETURNS_WRITE. Ask a staff manager for it.
              </Alert>
            );
          }
          if (!found.lines.some((l) => l.returnableQuantity > 0)) {
            return (
              <Alert
                color="gray"
                variant="light"
                title="Nothing can come back"
                data-testid="nothing-to-return"
              >
                Only shipped units can be returned, and every shipped unit is on a return already (or nothing
                has shipped).{' '}
                <Anchor component={Link} to={`/orders/${found.id}`}>
                  Back to {found.name}
                </Anchor>
              </Alert>
            );
          }
          return <ReturnCreateForm key={found.id} order={found} />;
        }}
      </DataView>
    </Stack>
  );
}
