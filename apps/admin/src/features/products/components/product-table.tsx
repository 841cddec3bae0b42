import { Anchor, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { HeaderSort } from '../../../components/sortable-th';
import type { ProductSortKeys, ProductsQuery } from '../../../gql/graphql';
import { formatRelative } from '../../../lib/format';
import { useProgressiveRows } from '../../../lib/use-progressive-rows';
import { ProductThumb } from './product-thumb';
import { StatusBadge } from './status-badge';
import { StockSummary } from './stock-summary';
import classes from './product-table.module.css';
import { ProductCell, ProductHeader } from './product-columns';

export type ProductRow = ProductsQuery['products']['nodes'][number];

interface ProductTableProps {
  rows: readonly ProductRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  focused: number | null;
  onFocus: (index: number) => void;
  phone: boolean;
  selectable: boolean;
  /** The list's sort, changed from the column headers. */
  sort: HeaderSort<ProductSortKeys>;
  /** The columns shown on wide screens, in order (SAVED_VIEW_COLUMNS.PRODUCTS keys). */
  columns: readonly string[];
}

/** The product rows: a table on wide screens, cards on a phone. */
export function ProductTable({
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
}: ProductTableProps) {
  const drawn = useProgressiveRows(rows);
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const some = rows.some((r) => selected.has(r.id));

  if (phone) {
    return (
      <Stack gap="xs" data-testid="product-cards">
        {drawn.map((row, index) => (
          <Paper
            key={row.id}
            withBorder
            radius="md"
            p="sm"
            className={classes.row}
            data-row-index={index}
            data-focused={focused === index || undefined}
            data-testid="product-row"
            data-selected={selected.has(row.id) || undefined}
            onFocus={() => onFocus(index)}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {selectable && (
                <Checkbox
                  mt={10}
                  aria-label={`Select ${row.title}`}
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                />
              )}
              <ProductThumb media={row.media} size={48} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Anchor component={Link} to={`/products/${row.id}`} fw={600} size="sm" lineClamp={2}>
                  {row.title}
                </Anchor>
                <Group gap={6}>
                  <StatusBadge status={row.status} />
                  <StockSummary available={row.totalAvailable} variantCount={row.variantCount} />
                </Group>
                <Text size="xs" c="dimmed">
                  {row.variantCount} {row.variantCount === 1 ? 'variant' : 'variants'}
                  {row.category ? ` · ${row.category.name}` : ''} · updated {formatRelative(row.updatedAt)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table highlightOnHover verticalSpacing="xs" data-testid="product-table">
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
          <Table.Th w={56}>
            <span className={classes.hidden}>Image</span>
          </Table.Th>
          {columns.map((key) => (
            <ProductHeader key={key} column={key} sort={sort} />
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {/* Plain rows with Mantine's table classes: 12 Mantine components a row (cells, anchors,
            texts) were most of the first paint's React work on a cold /products (issue 16 item 10). */}
        {drawn.map((row, index) => (
          <tr
            key={row.id}
            className={`${Table.classes.tr} ${classes.row}`}
            data-hover
            data-with-row-border
            data-row-index={index}
            data-focused={focused === index || undefined}
            data-testid="product-row"
            data-selected={selected.has(row.id) || undefined}
            onFocus={() => onFocus(index)}
          >
            {selectable && (
              <td className={Table.classes.td}>
                <Checkbox
                  aria-label={`Select ${row.title}`}
                  checked={selected.has(row.id)}
                  onChange={() => onToggle(row.id)}
                />
              </td>
            )}
            <td className={Table.classes.td}>
              <ProductThumb media={row.media} />
            </td>
            {columns.map((key) => (
              <ProductCell key={key} column={key} row={row} />
            ))}
          </tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
