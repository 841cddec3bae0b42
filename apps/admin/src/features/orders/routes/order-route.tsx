import { Alert, Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { useSession } from '../../../lib/session-context';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useOrderQuery } from '../api/order-query';
import { LiveChangedBanner } from '../../../components/live-changed-banner';
import { PresenceAvatars } from '../../../components/presence-avatars';
import { orderUpdatedDocument } from '../api/order-live-subscriptions';
import { FulfillmentPanel } from '../components/fulfillment-panel';
import { OrderActions } from '../components/order-actions';
import { OrderReturnsCard } from '../components/order-returns-card';
import { useOrderReturnsQuery } from '../api/order-returns-query';
import { OrderAddressesCard } from '../components/order-addresses-card';
import { OrderCustomerCard } from '../components/order-customer-card';
import { OrderInvoiceCard } from '../components/order-invoice-card';
import classes from '../components/order-layout.module.css';
import { OrderLinesCard } from '../components/order-lines-card';
import { OrderPager, useOrderNeighbours } from '../components/order-pager';
import { OrderSkeleton } from '../components/order-skeleton';
import { OrderBadges } from '../../../components/order-status-badges';
import { OrderTagsNoteCard } from '../components/order-tags-note-card';
import { OrderTimelineCard } from '../components/order-timeline-card';
import { OrderTotalsCard } from '../components/order-totals-card';
import { SOURCE_WORDS } from '../components/order-words';
import { PaymentPanel } from '../components/payment-panel';

function StateNotice({ order }: { order: OrderFieldsFragment }) {
  const formatDateTime = useFormatDateTime();
  if (order.status === 'CANCELLED') {
    return (
      <Alert
        color="gray"
        variant="light"
        title={order.closedAt ? 'This order is cancelled and archived' : 'This order is cancelled'}
        data-testid="order-cancelled"
      >
        {order.cancelledAt ? `Cancelled ${formatDateTime(order.cancelledAt)}. ` : ''}
        {order.cancelReason ? `Reason: ${order.cancelReason}` : 'No reason was given.'}
        {order.closedAt && (
          <>
            <br />
            Archived {formatDateTime(order.closedAt)}; unarchive it to see it in the working lists again.
          </>
        )}
      </Alert>
    );
  }
  if (order.status === 'CLOSED') {
    return (
      <Alert color="gray" variant="light" title="This order is archived">
        {order.closedAt ? `Archived ${formatDateTime(order.closedAt)}. ` : ''}
        Unarchive it to fulfill or change it.
      </Alert>
    );
  }
  return null;
}

type OrderReturns = NonNullable<
  NonNullable<ReturnType<typeof useOrderReturnsQuery>['data']>['order']
>['returns'];

function OrderPage({ order, returns }: { order: OrderFieldsFragment; returns: OrderReturns }) {
  const { can } = useSession();
  const write = can('ORDERS_WRITE');
  return (
    <Stack gap="lg">
      <StateNotice order={order} />
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.main}>
          <OrderLinesCard order={order} />
          <FulfillmentPanel order={order} canWrite={write} />
          {returns.length > 0 && <OrderReturnsCard returns={returns} />}
          <OrderTotalsCard order={order} />
          {(order.transactions.length > 0 || order.refunds.length > 0) && <PaymentPanel order={order} />}
        </Stack>
        <Stack gap="lg" className={classes.side}>
          <OrderCustomerCard order={order} canEdit={write} canReadCustomers={can('CUSTOMERS_READ')} />
          <OrderAddressesCard order={order} canWrite={write} />
          <OrderTagsNoteCard order={order} canEdit={write} />
          <OrderInvoiceCard orderId={order.id} cancelled={order.status === 'CANCELLED'} canIssue={write} />
        </Stack>
        <div className={classes.timeline}>
          <OrderTimelineCard order={order} canComment={write} />
        </div>
      </div>
    </Stack>
  );
}

/** `/orders/:orderId`: what was sold, shipped and paid, who bought it, its history; the actions it allows now. */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const formatDateTime = useFormatDateTime();
  const query = useOrderQuery(orderId);
  const around = useOrderNeighbours(orderId);
  const returnsQuery = useOrderReturnsQuery(orderId, !orderId);
  const returnsOrder = returnsQuery.data?.order?.id === orderId ? returnsQuery.data.order : null;
  const returnable = returnsOrder?.lines.some((l) => l.returnableQuantity > 0) ?? false;
  const order = (query.data ?? query.previousData)?.order ?? null;
  const current = order?.id === orderId ? order : null;
  useDocumentTitle(`${current?.name ?? 'Order'} · Orders · Stockroom`);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Breadcrumbs>
            <Anchor component={Link} to={around?.listPath ?? '/orders'} size="sm">
              Orders
            </Anchor>
            <Text size="sm">{current?.name ?? (query.data ? 'Not found' : '…')}</Text>
          </Breadcrumbs>
          <Group gap="sm" wrap="nowrap">
            {current && <PresenceAvatars key={current.id} subjectId={current.id} noun="order" />}
            <OrderPager around={around} />
          </Group>
        </Group>
        <Group justify="space-between" align="flex-start" mt={4} gap="sm">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1}>{current?.name ?? 'Order'}</Title>
              {current && (
                <Group gap={6}>
                  <OrderBadges order={current} />
                </Group>
              )}
            </Group>
            {current && (
              <Text c="dimmed" size="sm">
                Placed {formatDateTime(current.createdAt)} · {SOURCE_WORDS[current.source]}
              </Text>
            )}
          </Stack>
          {current && <OrderActions order={current} returnable={returnable} />}
        </Group>
      </div>
      {current && (
        <LiveChangedBanner
          key={current.id}
          subscription={orderUpdatedDocument}
          variables={{ id: current.id }}
          pick={(data) => data.orderUpdated}
          noun="order"
          onReload={() => void query.refetch()}
        />
      )}
      <DataView query={query} thing="order" skeleton={<OrderSkeleton />}>
        {(data) =>
          data.order ? (
            <OrderPage order={data.order} returns={returnsOrder?.returns ?? []} />
          ) : (
            <NotFoundState thing="order" headingOrder={2} />
          )
        }
      </DataView>
    </Stack>
  );
}
