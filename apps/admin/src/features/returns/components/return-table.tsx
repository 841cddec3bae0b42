import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ListCard, ListCardLine, ListCardTitle } from '../../../components/list-card';
import type { ReturnsQuery } from '../../../gql/graphql';
import { formatRelative } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { ReturnStatusBadge } from './return-status-badge';
import classes from './return-table.module.css';

export type ReturnRow = ReturnsQuery['returns']['nodes'][number];

export const returnPath = (row: { id: string }) => `/returns/${row.id}`;

function customerOf(row: ReturnRow): string {
  return row.order.customerName || row.order.email || 'No customer';
}

function units(row: ReturnRow): string {
  const word = row.quantity === 1 ? 'unit' : 'units';
  return row.receivedQuantity > 0 && row.receivedQuantity < row.quantity
    ? `${row.receivedQuantity} of ${row.quantity} ${word} in`
    : `${row.quantity} ${word}`;
}

/** The returns: a table on wide screens, cards on a phone; a row opens its return. */
export function ReturnTable({
  rows,
  phone,
  focused,
  onFocus,
}: {
  rows: readonly ReturnRow[];
  phone: boolean;
  focused: number | null;
  onFocus: (index: number) => void;
}) {
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  if (phone) {
    return (
      <Stack gap="sm" data-testid="return-cards">
        {rows.map((row, index) => (
          <ListCard
            key={row.id}
            index={index}
            focused={focused === index}
            testId="return-row"
            onFocus={onFocus}
            className={classes.row}
          >
            <Stack gap={6}>
              <ListCardTitle
                to={returnPath(row)}
                name={row.name}
                aside={<ReturnStatusBadge status={row.status} />}
              />
              <ListCardLine text={customerOf(row)} aside={units(row)} />
              <Text size="xs" c="dimmed" title={formatDateTime(row.createdAt)}>
                Order {row.order.name} · {formatRelative(row.createdAt)}
              </Text>
            </Stack>
          </ListCard>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Return</Table.Th>
            <Table.Th>Order</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Units</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr
              key={row.id}
              className={classes.row}
              data-row-index={index}
              data-focused={focused === index || undefined}
              data-testid="return-row"
              onClick={(event) => {
                // A click on a link opens that link (the order's), not the return.
                if ((event.target as HTMLElement).closest('a')) return;
                onFocus(index);
                void navigate(returnPath(row));
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={returnPath(row)} fw={600}>
                  {row.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/orders/${row.order.id}`} size="sm" c="dimmed">
                  {row.order.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ width: '100%', maxWidth: 0, minWidth: 140 }}>
                <Text size="sm" truncate c={row.order.customerName || row.order.email ? undefined : 'dimmed'}>
                  {customerOf(row)}
                </Text>
              </Table.Td>
              {/* The badge's words in full, never "Re…". */}
              <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 170 }}>
                <ReturnStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {units(row)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  c="dimmed"
                  style={{ whiteSpace: 'nowrap' }}
                  title={formatDateTime(row.createdAt)}
                >
                  {formatRelative(row.createdAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
