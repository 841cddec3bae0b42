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
  /** The columns shown on wide screens, in order (SAVED_VIEW_COLUMNS.CUSTOMERS keys). */
  columns: readonly string[];
}

const HEADERS: Record<string, { label: string; sortKey?: CustomerSortKeys; right?: boolean }> = {
  name: { label: 'Customer', sortKey: 'NAME' },
  state: { label: 'State' },
  orders: { label: 'Orders', sortKey: 'ORDERS_COUNT', right: true },
  spent: { label: 'Total spent', sortKey: 'TOTAL_SPENT', right: true },
  country: { label: 'Country' },
  created: { label: 'Created', sortKey: 'CREATED_AT' },
  lastOrder: { label: 'Last order', sortKey: 'LAST_ORDER' },
  tags: { label: 'Tags' },
};

/** One column's header (SAVED_VIEW_COLUMNS.CUSTOMERS); the sortable ones sort the list. */
function CustomerHeader({ column, sort }: { column: string; sort: HeaderSort<CustomerSortKeys> }) {
  const header = HEADERS[column];
  if (!header) return null;
  const ta = header.right ? 'right' : undefined;
  return header.sortKey ? (
    <SortableTh ta={ta} sort={sort} sortKey={header.sortKey}>
      {header.label}
    </SortableTh>
  ) : (
    <Table.Th ta={ta}>{header.label}</Table.Th>
  );
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
  columns,
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

  const cellOf = (column: string, row: CustomerRow) => {
    switch (column) {
      case 'name':
        return (
          <>
            {name(row)}
            <Text size="sm" c="dimmed">
              {row.email}
            </Text>
          </>
        );
      case 'state':
        return <CustomerStateBadge state={row.state} />;
      case 'orders':
        return row.ordersCount.toLocaleString();
      case 'spent':
        return formatMoney(row.totalSpent);
      case 'country':
        return row.defaultAddress?.countryName ?? '—';
      case 'created':
        return <Text size="sm">{formatDateTime(row.createdAt)}</Text>;
      case 'lastOrder':
        return (
          <Text size="sm" c={row.lastOrderAt ? undefined : 'dimmed'}>
            {row.lastOrderAt ? formatDateTime(row.lastOrderAt) : 'No orders'}
          </Text>
        );
      case 'tags':
        return (
          <Text size="sm" c={row.tags.length ? undefined : 'dimmed'} lineClamp={2}>
            {row.tags.length ? row.tags.join(', ') : '—'}
          </Text>
        );
      default:
        return null;
    }
  };

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
            {columns.map((key) => (
              <CustomerHeader key={key} column={key} sort={sort} />
            ))}
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
              {columns.map((key) => (
                <Table.Td key={key} ta={key === 'orders' || key === 'spent' ? 'right' : undefined}>
                  {cellOf(key, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
