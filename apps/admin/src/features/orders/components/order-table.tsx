import { Anchor, Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListCard, ListCardLine, ListCardTitle } from '../../../components/list-card';
import { OrderBadges } from '../../../components/order-status-badges';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { OrderListFieldsFragment, OrderSortKeys } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useProgressiveRows } from '../../../lib/use-progressive-rows';
import { useShortDate } from './order-dates';
import classes from './order-table.module.css';

export type OrderRow = OrderListFieldsFragment;

interface OrderTableProps {
  rows: readonly OrderRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  focused: number | null;
  onFocus: (index: number) => void;
  phone: boolean;
  selectable: boolean;
  /** The list's sort, changed from the column headers. */
  sort: HeaderSort<OrderSortKeys>;
}

/** At most this many tags in a row; the rest are counted. */
const SHOWN_TAGS = 3;

export const orderPath = (row: { id: string }) => `/orders/${row.id}`;

function items(count: number): string {
  return count === 1 ? '1 item' : `${count.toLocaleString()} items`;
}

/** Who the order is for: the name, else the email, else plainly nobody. */
function customerOf(row: OrderRow): string {
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

/** The order rows: a table on wide screens; on a phone, cards a packer can tap with a thumb. */
export function OrderTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  focused,
  onFocus,
  phone,
  selectable,
  sort,
}: OrderTableProps) {
  const formatDateTime = useFormatDateTime();
  const drawn = useProgressiveRows(rows);
  const shortDate = useShortDate();
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const some = rows.some((r) => selected.has(r.id));

  if (phone) {
    return (
      <Stack gap="sm" data-testid="order-cards">
        {drawn.map((row, index) => (
          <ListCard
            key={row.id}
            index={index}
            focused={focused === index}
            selected={selected.has(row.id)}
            testId="order-row"
            onFocus={onFocus}
            className={classes.row}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {selectable && (
                <label className={classes.check}>
                  <Checkbox
                    size="md"
                    aria-label={`Select ${row.name}`}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                </label>
              )}
              <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                <ListCardTitle
                  to={orderPath(row)}
                  name={row.name}
                  aside={
                    <Text fw={600} style={{ flexShrink: 0 }}>
                      {formatMoney(row.total)}
                    </Text>
                  }
                />
                <ListCardLine text={customerOf(row)} aside={items(row.itemsCount)} />
                <Group gap={6}>
                  <OrderBadges order={row} />
                </Group>
                <Text size="xs" c="dimmed" title={formatDateTime(row.createdAt)}>
                  {shortDate(row.createdAt)}
                </Text>
              </Stack>
            </Group>
          </ListCard>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={880}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="order-table">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all on this page"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={onToggleAll}
                />
              </Table.Th>
            )}
            <SortableTh w={90} sort={sort} sortKey="NUMBER">
              Order
            </SortableTh>
            <SortableTh w={130} sort={sort} sortKey="CREATED_AT">
              Date
            </SortableTh>
            <SortableTh sort={sort} sortKey="CUSTOMER_NAME">
              Customer
            </SortableTh>
            <SortableTh w={96} ta="right" sort={sort} sortKey="TOTAL">
              Total
            </SortableTh>
            <Table.Th miw={170}>Status</Table.Th>
            <Table.Th w={56} ta="right">
              Items
            </Table.Th>
            {/* Wide enough for two short tags side by side, so tagged rows stay two lines tall. */}
            <Table.Th miw={180}>Tags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drawn.map((row, index) => (
            <Table.Tr
              key={row.id}
              className={classes.row}
              data-row-index={index}
              data-focused={focused === index || undefined}
              data-selected={selected.has(row.id) || undefined}
              data-testid="order-row"
              aria-selected={selected.has(row.id)}
              onClick={() => onFocus(index)}
            >
              {selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${row.name}`}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Anchor component={Link} to={orderPath(row)} fw={600}>
                  {row.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={formatDateTime(row.createdAt)}>
                  {shortDate(row.createdAt)}
                </Text>
              </Table.Td>
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
              <Table.Td ta="right">
                <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(row.total)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <OrderBadges order={row} size="sm" />
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{row.itemsCount.toLocaleString()}</Text>
              </Table.Td>
              <Table.Td>
                <Tags tags={row.tags} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
