import { Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { ListCard, ListCardLine, ListCardTitle } from '../../../components/list-card';
import { OrderBadges } from '../../../components/order-status-badges';
import type { HeaderSort } from '../../../components/sortable-th';
import type { OrderListFieldsFragment, OrderSortKeys } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useProgressiveRows } from '../../../lib/use-progressive-rows';
import { useShortDate } from './order-dates';
import classes from './order-table.module.css';
import { customerOf, OrderCell, OrderHeader, orderPath } from './order-columns';

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
  /** The columns shown on wide screens, in order (SAVED_VIEW_COLUMNS.ORDERS keys). */
  columns: readonly string[];
}

export { orderPath };

function items(count: number): string {
  return count === 1 ? '1 item' : `${count.toLocaleString()} items`;
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
  columns,
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
            {columns.map((key) => (
              <OrderHeader key={key} column={key} sort={sort} />
            ))}
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
              {columns.map((key) => (
                <OrderCell key={key} column={key} row={row} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
