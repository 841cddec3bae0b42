import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { countryName } from '@stockroom/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  FulfillmentStatusBadge,
  OrderBadges,
  PaymentStatusBadge,
} from '../../../components/order-status-badges';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { OrderListFieldsFragment, OrderSortKeys, OrderSource } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useShortDate } from './order-dates';

type OrderRow = OrderListFieldsFragment;

/** At most this many tags in a row; the rest are counted. */
const SHOWN_TAGS = 3;

const SOURCES: Record<OrderSource, string> = {
  API: 'API',
  DEMO: 'Demo',
  DRAFT: 'Draft order',
  IMPORT: 'Import',
};

export const orderPath = (row: { id: string }) => `/orders/${row.id}`;

/** Who the order is for: the name, else the email, else plainly nobody. */
export function customerOf(row: OrderRow): string {
  return row.customerName || row.email || 'No customer';
}

function Tags({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  const rest = tags.length - SHOWN_TAGS;
  return (
    <Group gap={4} wrap="wrap">
      {tags.slice(0, SHOWN_TAGS).map((tag) => (
        <Badge key={tag} size="sm" variant="default" tt="none" fw={500}>
          {tag}
        </Badge>
      ))}
      {rest > 0 && (
        <Text size="xs" c="dimmed">
          +{rest}
        </Text>
      )}
    </Group>
  );
}

function BadgeOrDash({ show, children }: { show: boolean; children: ReactNode }) {
  return (
    <Table.Td>
      {show ? (
        children
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Table.Td>
  );
}

/** One column's header (SAVED_VIEW_COLUMNS.ORDERS); the sortable ones sort the list. */
export function OrderHeader({ column, sort }: { column: string; sort: HeaderSort<OrderSortKeys> }) {
  switch (column) {
    case 'number':
      return (
        <SortableTh w={90} sort={sort} sortKey="NUMBER">
          Order
        </SortableTh>
      );
    case 'date':
      return (
        <SortableTh w={130} sort={sort} sortKey="CREATED_AT">
          Date
        </SortableTh>
      );
    case 'customer':
      return (
        <SortableTh sort={sort} sortKey="CUSTOMER_NAME">
          Customer
        </SortableTh>
      );
    case 'total':
      return (
        <SortableTh w={96} ta="right" sort={sort} sortKey="TOTAL">
          Total
        </SortableTh>
      );
    case 'status':
      return <Table.Th miw={170}>Status</Table.Th>;
    case 'items':
      return (
        <Table.Th w={56} ta="right">
          Items
        </Table.Th>
      );
    case 'tags':
      // Wide enough for two short tags side by side, so tagged rows stay two lines tall.
      return <Table.Th miw={180}>Tags</Table.Th>;
    case 'channel':
      return <Table.Th w={110}>Channel</Table.Th>;
    case 'country':
      return <Table.Th w={140}>Country</Table.Th>;
    case 'payment':
      return <Table.Th miw={150}>Payment</Table.Th>;
    case 'fulfillment':
      return <Table.Th miw={150}>Fulfillment</Table.Th>;
    default:
      return null;
  }
}

/** One column's cell of a row. */
export function OrderCell({ column, row }: { column: string; row: OrderRow }) {
  const formatDateTime = useFormatDateTime();
  const shortDate = useShortDate();
  switch (column) {
    case 'number':
      return (
        <Table.Td>
          <Anchor component={Link} to={orderPath(row)} fw={600}>
            {row.name}
          </Anchor>
        </Table.Td>
      );
    case 'date':
      return (
        <Table.Td>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={formatDateTime(row.createdAt)}>
            {shortDate(row.createdAt)}
          </Text>
        </Table.Td>
      );
    case 'customer':
      return (
        <Table.Td style={{ width: '100%', maxWidth: 0, minWidth: 140 }}>
          <Text size="sm" truncate c={row.customerName || row.email ? undefined : 'dimmed'}>
            {customerOf(row)}
          </Text>
          {row.customerName && row.email && (
            <Text size="xs" c="dimmed" truncate>
              {row.email}
            </Text>
          )}
        </Table.Td>
      );
    case 'total':
      return (
        <Table.Td ta="right">
          <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(row.total)}
          </Text>
        </Table.Td>
      );
    case 'status':
      return (
        <Table.Td>
          <Stack gap={4} align="flex-start">
            <OrderBadges order={row} size="sm" />
          </Stack>
        </Table.Td>
      );
    // Apart, each on its own; a cancelled order's "Payment pending" or "Unfulfilled" is no work to
    // do, so it reads as a dash (as OrderBadges leaves it out).
    case 'payment':
      return (
        <BadgeOrDash show={!(row.status === 'CANCELLED' && row.paymentStatus === 'PENDING')}>
          <PaymentStatusBadge status={row.paymentStatus} size="sm" />
        </BadgeOrDash>
      );
    case 'fulfillment':
      return (
        <BadgeOrDash show={!(row.status === 'CANCELLED' && row.fulfillmentStatus === 'UNFULFILLED')}>
          <FulfillmentStatusBadge status={row.fulfillmentStatus} size="sm" />
        </BadgeOrDash>
      );
    case 'items':
      return (
        <Table.Td ta="right">
          <Text size="sm">{row.itemsCount.toLocaleString()}</Text>
        </Table.Td>
      );
    case 'tags':
      return (
        <Table.Td>
          <Tags tags={row.tags} />
        </Table.Td>
      );
    case 'channel':
      return (
        <Table.Td>
          <Text size="sm">{SOURCES[row.source] ?? row.source}</Text>
        </Table.Td>
      );
    case 'country': {
      const code = row.shippingAddress?.countryCode;
      return (
        <Table.Td>
          <Text size="sm" c={code ? undefined : 'dimmed'} truncate>
            {code ? countryName(code) : '—'}
          </Text>
        </Table.Td>
      );
    }
    default:
      return null;
  }
}
