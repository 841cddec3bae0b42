import { Alert, Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Permission } from '../gql/graphql';
import { useSession } from '../lib/session-context';
import { DataView, type QueryState } from './data-view';
import { NotFoundState } from './not-found-state';

interface OrderNamed {
  id: string;
  name: string;
}

function SubpageSkeleton() {
  return (
    <Stack gap="lg">
      <Skeleton height={260} radius="md" />
      <Skeleton height={140} radius="md" />
    </Stack>
  );
}

/**
 * The frame of a page that does one thing to an order (`/orders/:orderId/fulfill`, `/refund`,
 * `/return`): the link back to the order, the title (the order's name once known), the loading
 * skeleton, errors, "doesn't exist" and the permission's refusal; then `children` draws the page
 * for the order found.
 */
export function OrderSubpage<TData extends { order: OrderNamed | null }>({
  orderId,
  query,
  heading,
  documentTitle,
  permission,
  denied,
  children,
}: {
  orderId: string;
  query: QueryState<TData>;
  /** The page's heading, given the order's name (null while it loads). */
  heading: (name: string | null) => string;
  /** The browser tab's title before " · Stockroom", likewise. */
  documentTitle: (name: string | null) => string;
  permission: Permission;
  /** What someone without `permission` reads: a title, and what to ask for. */
  denied: { title: string; text: string };
  children: (order: NonNullable<TData['order']>, data: TData) => ReactNode;
}) {
  const { can } = useSession();
  const order = (query.data ?? query.previousData)?.order ?? null;
  const name = order?.id === orderId ? order.name : null;
  useDocumentTitle(`${documentTitle(name)} · Stockroom`);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component={Link} to={`/orders/${orderId}`} size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {name ?? 'Order'}
          </Group>
        </Anchor>
        <Title order={1} mt={4}>
          {heading(name)}
        </Title>
      </div>
      <DataView query={query} thing="order" skeleton={<SubpageSkeleton />}>
        {(data) => {
          const found = data.order;
          if (!found) return <NotFoundState thing="order" headingOrder={2} />;
          if (!can(permission)) {
            return (
              <Alert color="yellow" variant="light" title={denied.title}>
                {denied.text}
              </Alert>
            );
          }
          return children(found, data);
        }}
      </DataView>
    </Stack>
  );
}

/** Why the page has nothing to do on this order, with the way back to it. */
export function NothingLeftAlert({
  order,
  title,
  testId,
  children,
}: {
  order: OrderNamed;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert color="gray" variant="light" title={title} data-testid={testId}>
      {children}{' '}
      <Anchor component={Link} to={`/orders/${order.id}`}>
        Back to {order.name}
      </Anchor>
    </Alert>
  );
}
