import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { DraftOrderSortKeys, DraftOrdersQuery } from '../../../gql/graphql';
import { formatMoney, formatRelative } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

type Row = DraftOrdersQuery['draftOrders']['nodes'][number];

function StatusBadge({ row }: { row: Row }) {
  return row.status === 'OPEN' ? (
    <Badge variant="light" color="yellow" tt="none">
      Open
    </Badge>
  ) : (
    <Badge variant="light" color="gray" tt="none">
      Completed{row.order ? ` · ${row.order.name}` : ''}
    </Badge>
  );
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** Drafts: a table at desktop width, cards on a phone; each opens the draft. */
export function DraftTable({
  rows,
  phone,
  sort,
}: {
  rows: Row[];
  phone: boolean;
  /** The list's sort, changed from the column headers. */
  sort: HeaderSort<DraftOrderSortKeys>;
}) {
  const formatDateTime = useFormatDateTime();
  if (phone) {
    return (
      <Stack gap="xs">
        {rows.map((r) => (
          <Paper
            key={r.id}
            withBorder
            radius="md"
            p="sm"
            component={Link}
            to={`/drafts/${r.id}`}
            data-testid="draft-row"
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{r.name}</Text>
              <Text fw={600}>{formatMoney(r.total)}</Text>
            </Group>
            <Text size="sm">{r.customerName ?? r.email ?? 'No customer'}</Text>
            <Group justify="space-between" mt={4}>
              <StatusBadge row={r} />
              <Text size="xs" c="dimmed" title={formatDateTime(r.updatedAt)}>
                {items(r.itemsCount)} · updated {formatRelative(r.updatedAt)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <SortableTh sort={sort} sortKey="NUMBER">
            Draft
          </SortableTh>
          <SortableTh sort={sort} sortKey="CUSTOMER_NAME">
            Customer
          </SortableTh>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Items</Table.Th>
          <SortableTh ta="right" sort={sort} sortKey="TOTAL">
            Total
          </SortableTh>
          <SortableTh sort={sort} sortKey="UPDATED_AT">
            Updated
          </SortableTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-testid="draft-row">
            <Table.Td>
              <Anchor component={Link} to={`/drafts/${r.id}`} fw={600}>
                {r.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{r.customerName ?? r.email ?? <Text c="dimmed">No customer</Text>}</Table.Td>
            <Table.Td>
              <StatusBadge row={r} />
            </Table.Td>
            <Table.Td ta="right">{r.itemsCount}</Table.Td>
            <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
            <Table.Td>
              {/* As the product list: when, in words; the exact time on hover. */}
              <Text span size="sm" c="dimmed" title={formatDateTime(r.updatedAt)}>
                {formatRelative(r.updatedAt)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
