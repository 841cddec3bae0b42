import { ColumnChooser, shownColumns } from '../../../components/shown-columns';
import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { ListPage } from '../../../components/list-page';
import { ExportButton } from '../../../components/export-dialog';
import { IMPORT_PERMISSIONS, ImportButton } from '../../../components/import-dialog';
import { FilterChips } from '../../../components/filter-chips';
import { PRODUCT_FILTERS } from '../components/product-filters';
import { useProductFilterValues } from '../api/product-filter-values-query';
import { useListParams } from '../../../lib/list-params';
import { countLabelOf, SelectAllMatching } from '../../../components/select-all-matching';
import { useListController } from '../../../lib/controllers/use-list-controller';
import { productsVariablesOf, useProductsQuery } from '../api/products-query';
import { listHeaderSort } from '../../../components/sortable-th';
import { PRODUCT_LIST } from '../components/product-list-sorting';
import { ProductTable } from '../components/product-table';
import { usePhone } from '../../../lib/use-phone';
import type { ProductsQuery } from '../../../gql/graphql';

// The bulk actions' bar (a Menu, with floating-ui) loads at the first selection, not with the list.
const ProductBulkBar = lazy(async () => ({
  default: (await import('../components/product-bulk-bar')).ProductBulkBar,
}));

const SEARCH_HELP =
  'Words match title, SKU, handle, barcode. Also status:active tag:sale vendor: product_type: category: collection: stock:low sku: price:<20 created_at:>-7d';

const productPath = (row: { id: string }) => `/products/${row.id}`;
const productsOf = (data: ProductsQuery) => data.products;

/** `/products`: every product, searchable and sortable, with bulk actions; all state in the URL. */
export function ProductsRoute() {
  useDocumentTitle('Products · Stockroom');
  const { can } = useSession();
  const canWrite = can('CATALOG_WRITE');
  const canImport = IMPORT_PERMISSIONS.PRODUCTS.every((p) => can(p));
  const canExport = can('CATALOG_READ') && can('DATA_EXPORT');
  const phone = usePhone();
  const params = useListParams();
  const variables = productsVariablesOf(params);
  const list = useListController({
    params,
    query: useProductsQuery(variables),
    connectionOf: productsOf,
    selection: { canSelect: canWrite, pathOf: productPath },
    rememberAs: '/products',
  });
  const { selected, allMatching, clear, tableProps } = list.selection;

  const count = list.connection?.count;
  const countLabel = countLabelOf(count);
  const newButton = canWrite && (
    <Button component={Link} to="/products/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Add product
    </Button>
  );

  return (
    <ListPage
      list={list}
      maw={1200}
      title="Products"
      intro={
        <Text c="dimmed">
          {phone ? 'Everything you sell.' : 'Press / to search, j and k to move, x to select, Enter to open.'}
        </Text>
      }
      actions={
        (canExport || canImport || newButton) && (
          <Group gap="sm">
            {canExport && (
              <ExportButton
                kind="EXPORT_PRODUCTS"
                noun="products"
                query={params.q}
                sortKey={variables.sortKey}
                reverse={variables.reverse}
                countLabel={countLabel}
              />
            )}
            {canImport && <ImportButton kind="PRODUCTS" noun="products" />}
            {canWrite && !phone && (
              <Button
                variant="default"
                component={Link}
                to={
                  params.q ? `/products/bulk-edit?q=${encodeURIComponent(params.q)}` : '/products/bulk-edit'
                }
              >
                Bulk edit
              </Button>
            )}
            {newButton}
          </Group>
        )
      }
      search={{
        label: 'Search products',
        placeholder: phone
          ? 'Title, SKU or tag:sale'
          : 'Title, SKU, handle or barcode; or tag:sale status:draft',
        help: phone ? undefined : SEARCH_HELP,
      }}
      filters={
        <FilterChips
          filters={PRODUCT_FILTERS}
          useValues={useProductFilterValues}
          query={params.q}
          onChange={(q) => params.update({ q })}
        />
      }
      sorting={PRODUCT_LIST}
      views="PRODUCTS"
      controls={!phone && <ColumnChooser resource="PRODUCTS" params={params} />}
      banner={
        canWrite && (
          <SelectAllMatching
            selection={list.selection}
            count={count}
            shown={list.rows.length}
            nouns="products"
          />
        )
      }
      skeleton={<Skeleton height={360} radius="md" />}
      empty={{
        nouns: 'products',
        tryHint: 'Try other words, another status, or clear the search.',
        none: {
          title: 'No products yet',
          description: canWrite
            ? 'Add your first product: its title, price and pictures are enough to start.'
            : 'A person with CATALOG_WRITE can add products.',
          action: newButton || undefined,
        },
      }}
      noun="product"
      footer={
        canWrite &&
        (selected.size > 0 || allMatching) && (
          <Suspense fallback={null}>
            <ProductBulkBar
              ids={allMatching ? null : [...selected]}
              query={params.q}
              countLabel={countLabel}
              onDone={list.bulkDone}
              onClear={clear}
            />
          </Suspense>
        )
      }
    >
      {(data) => (
        <ProductTable
          rows={data.products.nodes}
          phone={phone}
          selectable={canWrite}
          sort={listHeaderSort(PRODUCT_LIST, params)}
          columns={shownColumns('PRODUCTS', params)}
          {...tableProps}
        />
      )}
    </ListPage>
  );
}
