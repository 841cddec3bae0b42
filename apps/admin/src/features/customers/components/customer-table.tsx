import { Anchor, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { CustomerSortKeys, CustomersQuery } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useProgressiveRows } from '../../../lib/use-progressive-rows';
import { CustomerStateBadge } from './customer-state-badge';

export type CustomerRow = CustomersQuery['customers']['nodes'][number];

interface CustomerTableProps {
  rows: readonly CustomerRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  focused: number | null;
  onFocus: (index: number) => void;
  phone: boolean;
  selectable: boolean;
  /** The list's sort, changed from the column headers. */
  sort: HeaderSort<CustomerSortKeys>;
}

function orders(count: number): string {
  return count === 1 ? '1 order' : `${count.toLocaleString()} orders`;
}

/** Customers as a table, or as cards at phone width. */
export function CustomerTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  focused,
  onFocus,
  phone,
  selectable,
  sort,
}: CustomerTableProps) {
  const formatDateTime = useFormatDateTime();
  const drawn = useProgressiveRows(rows);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const name = (row: CustomerRow) => (
    <Anchor component={Link} to={`/customers/${row.id}`} fw={600}>
      {row.displayName}
    </Anchor>
  );
  const box = (row: CustomerRow) =>
    selectable && (
      <Checkbox
        aria-label={`Select ${row.displayName}`}
        checked={selected.has(row.id)}
        onChange={() => onToggle(row.id)}
      />
    );

  if (phone) {
    return (
      <Stack gap="xs">
        {drawn.map((row, index) => (
          <Paper
            key={row.id}
            withBorder
            radius="md"
            p="sm"
            data-testid="customer-row"
            data-row-index={index}
            onClick={() => onFocus(index)}
            style={
              focused === index ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined
            }
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                {box(row)}
                <div style={{ minWidth: 0 }}>
                  {name(row)}
                  <Text size="sm" c="dimmed" truncate>
                    {row.email}
                  </Text>
                </div>
              </Group>
              {/* The email gives way (truncated), never the state. */}
              <div style={{ flexShrink: 0 }}>
                <CustomerStateBadge state={row.state} />
              </div>
            </Group>
            <Text size="sm" mt={6}>
              {orders(row.ordersCount)} · {formatMoney(row.totalSpent)}
              {row.defaultAddress ? ` · ${row.defaultAddress.countryName}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox aria-label="Select all on this page" checked={allSelected} onChange={onToggleAll} />
              </Table.Th>
            )}
            <SortableTh sort={sort} sortKey="NAME">
              Customer
            </SortableTh>
            <Table.Th>State</Table.Th>
            <SortableTh ta="right" sort={sort} sortKey="ORDERS_COUNT">
              Orders
            </SortableTh>
            <SortableTh ta="right" sort={sort} sortKey="TOTAL_SPENT">
              Total spent
            </SortableTh>
            <Table.Th>Country</Table.Th>
            <SortableTh sort={sort} sortKey="CREATED_AT">
              Created
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drawn.map((row, index) => (
            <Table.Tr
              key={row.id}
              data-testid="customer-row"
              data-row-index={index}
              aria-selected={selected.has(row.id)}
              onClick={() => onFocus(index)}
              bg={focused === index ? 'var(--mantine-color-default-hover)' : undefined}
              style={
                focused === index
                  ? { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' }
                  : undefined
              }
            >
              {selectable && <Table.Td>{box(row)}</Table.Td>}
              <Table.Td>
                {name(row)}
                <Text size="sm" c="dimmed">
                  {row.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <CustomerStateBadge state={row.state} />
              </Table.Td>
              <Table.Td ta="right">{row.ordersCount.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.totalSpent)}</Table.Td>
              <Table.Td>{row.defaultAddress?.countryName ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(row.createdAt)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
