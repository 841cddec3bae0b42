import { Table } from '@mantine/core';
import { Link } from 'react-router';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { ProductSortKeys, ProductsQuery } from '../../../gql/graphql';
import { formatMoney, formatRelative } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { StatusBadge } from './status-badge';
import { StockSummary } from './stock-summary';
import classes from './product-table.module.css';

type ProductRow = ProductsQuery['products']['nodes'][number];

/** One column's header (SAVED_VIEW_COLUMNS.PRODUCTS); the sortable ones sort the list. */
export function ProductHeader({ column, sort }: { column: string; sort: HeaderSort<ProductSortKeys> }) {
  switch (column) {
    case 'product':
      return (
        <SortableTh sort={sort} sortKey="TITLE">
          Product
        </SortableTh>
      );
    case 'status':
      return <Table.Th w={100}>Status</Table.Th>;
    case 'inventory':
      return (
        <SortableTh w={130} sort={sort} sortKey="INVENTORY">
          Stock
        </SortableTh>
      );
    case 'variants':
      return (
        <SortableTh w={100} sort={sort} sortKey="VARIANT_COUNT">
          Variants
        </SortableTh>
      );
    case 'category':
      return <Table.Th w={150}>Category</Table.Th>;
    case 'updated':
      return (
        <SortableTh w={140} sort={sort} sortKey="UPDATED_AT">
          Updated
        </SortableTh>
      );
    case 'vendor':
      return (
        <SortableTh w={140} sort={sort} sortKey="VENDOR">
          Vendor
        </SortableTh>
      );
    case 'type':
      return (
        <SortableTh w={130} sort={sort} sortKey="PRODUCT_TYPE">
          Type
        </SortableTh>
      );
    case 'tags':
      return <Table.Th w={160}>Tags</Table.Th>;
    case 'price':
      return (
        <SortableTh w={140} sort={sort} sortKey="PRICE">
          Price
        </SortableTh>
      );
    case 'created':
      return (
        <SortableTh w={140} sort={sort} sortKey="CREATED_AT">
          Created
        </SortableTh>
      );
    default:
      return null;
  }
}

function priceOf(row: ProductRow): string {
  const range = row.priceRange;
  if (!range) return '—';
  const min = formatMoney(range.min);
  const max = formatMoney(range.max);
  return min === max ? min : `${min} – ${max}`;
}

const td = Table.classes.td;

/** One column's cell of a row: plain elements, as the rest of the row (first paint). */
export function ProductCell({ column, row }: { column: string; row: ProductRow }) {
  const formatDateTime = useFormatDateTime();
  switch (column) {
    case 'product':
      return (
        <td className={td}>
          <Link to={`/products/${row.id}`} className={classes.title}>
            {row.title}
          </Link>
          {row.vendor && <div className={classes.meta}>{row.vendor}</div>}
        </td>
      );
    case 'status':
      return (
        <td className={td}>
          <StatusBadge status={row.status} />
        </td>
      );
    case 'inventory':
      return (
        <td className={td}>
          <StockSummary available={row.totalAvailable} variantCount={row.variantCount} />
        </td>
      );
    case 'variants':
      return <td className={td}>{row.variantCount}</td>;
    case 'category':
      return (
        <td className={td}>
          <span className={`${classes.clamp} ${row.category ? '' : classes.dimmed}`}>
            {row.category?.name ?? '—'}
          </span>
        </td>
      );
    case 'updated':
    case 'created': {
      const at = column === 'updated' ? row.updatedAt : row.createdAt;
      return (
        <td className={td}>
          <span className={classes.dimmed} title={formatDateTime(at)}>
            {formatRelative(at)}
          </span>
        </td>
      );
    }
    case 'vendor':
    case 'type': {
      const text = column === 'vendor' ? row.vendor : row.productType;
      return (
        <td className={td}>
          <span className={`${classes.clamp} ${text ? '' : classes.dimmed}`}>{text || '—'}</span>
        </td>
      );
    }
    case 'tags':
      return (
        <td className={td}>
          <span className={`${classes.clamp} ${row.tags.length ? '' : classes.dimmed}`}>
            {row.tags.length ? row.tags.join(', ') : '—'}
          </span>
        </td>
      );
    case 'price':
      return (
        <td className={td} style={{ whiteSpace: 'nowrap' }}>
          {priceOf(row)}
        </td>
      );
    default:
      return null;
  }
}
