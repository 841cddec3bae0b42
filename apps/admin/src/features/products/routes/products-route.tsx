import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { useRememberRows } from '../../../lib/record-neighbours';
import { DataView } from '../../../components/data-view';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { FilterChips } from '../../../components/filter-chips';
import { PRODUCT_FILTERS } from '../components/product-filters';
import { useProductFilterValues } from '../api/product-filter-values-query';
import { useListParams } from '../../../lib/list-params';
import { productsVariablesOf, useProductsQuery } from '../api/products-query';
import { ListControls } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { PRODUCT_LIST } from '../components/product-list-sorting';
import { ProductTable } from '../components/product-table';
import { useListSelection } from '../../../lib/use-list-selection';
import { usePhone } from '../../../lib/use-phone';

// The bulk actions' bar (a Menu, with floating-ui) loads at the first selection, not with the list.
const ProductBulkBar = lazy(async () => ({
  default: (await import('../components/product-bulk-bar')).ProductBulkBar,
}));

const SEARCH_HELP =
  'Words match title, SKU, handle, barcode. Also status:active tag:sale vendor: product_type: category: collection: stock:low sku: price:<20 created_at:>-7d';

const productPath = (row: { id: string }) => `/products/${row.id}`;

/** `/products`: every product, searchable and sortable, with bulk actions; all state in the URL. */
export function ProductsRoute() {
  useDocumentTitle('Products · Stockroom');
  const { can } = useSession();
  const canWrite = can('CATALOG_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const query = useProductsQuery(productsVariablesOf(params));
  const connection = (query.data ?? query.previousData)?.products;
  const rows = useMemo(() => connection?.nodes ?? [], [connection]);
  const shownIds = useMemo(() => query.data?.products.nodes.map((r) => r.id), [query.data]);
  useRememberRows('/products', shownIds);
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const [lastChange, setLastChange] = useState<string | null>(null);
  const { selected, allMatching, setAllMatching, clear, pageAllSelected, tableProps } = useListSelection({
    rows,
    search: params.q,
    canSelect: canWrite,
    pathOf: productPath,
  });

  const count = connection?.count;
  const countLabel = count
    ? `${count.value.toLocaleString()}${count.precision === 'AT_LEAST' ? '+' : ''}`
    : '';
  const newButton = canWrite && (
    <Button component={Link} to="/products/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Add product
    </Button>
  );

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Products</Title>
          <Text c="dimmed">
            {phone
              ? 'Everything you sell.'
              : 'Press / to search, j and k to move, x to select, Enter to open.'}
          </Text>
        </div>
        {newButton}
      </Group>
      <SearchField
        label="Search products"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder={
          phone ? 'Title, SKU or tag:sale' : 'Title, SKU, handle or barcode; or tag:sale status:draft'
        }
        error={searchError}
        description={phone ? undefined : SEARCH_HELP}
      />
      <FilterChips
        filters={PRODUCT_FILTERS}
        useValues={useProductFilterValues}
        query={params.q}
        onChange={(q) => params.update({ q })}
      />
      <ListControls list={PRODUCT_LIST} params={params} />
      {lastChange && (
        <Text size="sm" c="green.8" role="status" data-testid="bulk-result">
          {lastChange}
        </Text>
      )}
      {canWrite && pageAllSelected && count && count.value > rows.length && (
        <Text size="sm">
          {allMatching ? (
            <>
              All {countLabel} products matching the search are selected.{' '}
              <Anchor component="button" onClick={clear}>
                Clear selection
              </Anchor>
            </>
          ) : (
            <>
              All {rows.length} on this page are selected.{' '}
              <Anchor component="button" onClick={() => setAllMatching(true)}>
                Select all {countLabel} matching
              </Anchor>
            </>
          )}
        </Text>
      )}
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={360} radius="md" />}
        isEmpty={(data) => data.products.nodes.length === 0}
        empty={listEmpty({
          nouns: 'products',
          search: params.q,
          searchError,
          tryHint: 'Try other words, another status, or clear the search.',
          onClearSearch: () => params.update({ q: null }),
          none: {
            title: 'No products yet',
            description: canWrite
              ? 'Add your first product: its title, price and pictures are enough to start.'
              : 'A person with CATALOG_WRITE can add products.',
            action: newButton || undefined,
          },
        })}
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.products.pageInfo}
            count={data.products.count}
            noun="product"
            onPage={(cursor) => params.update(cursor)}
          >
            <ProductTable
              rows={data.products.nodes}
              phone={phone}
              selectable={canWrite}
              sort={listHeaderSort(PRODUCT_LIST, params)}
              {...tableProps}
            />
          </ListResults>
        )}
      </DataView>
      {canWrite && (selected.size > 0 || allMatching) && (
        <Suspense fallback={null}>
          <ProductBulkBar
            ids={allMatching ? null : [...selected]}
            query={params.q}
            countLabel={countLabel}
            onDone={(message) => {
              setLastChange(message);
              clear();
            }}
            onClear={clear}
          />
        </Suspense>
      )}
    </Stack>
  );
}
