import { ColumnChooser, shownColumns } from '../../../components/shown-columns';
import { Button, Group, Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { ListPage } from '../../../components/list-page';
import { ExportButton, exportCountLabel } from '../../../components/export-dialog';
import { IMPORT_PERMISSIONS, ImportButton } from '../../../components/import-dialog';
import { FilterChips } from '../../../components/filter-chips';
import { CUSTOMER_FILTERS } from '../components/customer-filters';
import { useCustomerTagValues } from '../api/customer-tag-values-query';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useListController } from '../../../lib/controllers/use-list-controller';
import type { CustomersQuery } from '../../../gql/graphql';
import { useCustomersQuery } from '../api/customers-query';
import { CustomerBulkTags } from '../components/customer-bulk-tags';
import { reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { CUSTOMER_LIST } from '../components/customer-list-sorting';
import { CustomerTable } from '../components/customer-table';
import { usePhone } from '../../../lib/use-phone';
import { countLabelOf, SelectAllMatching } from '../../../components/select-all-matching';

const SEARCH_HELP =
  'Words match name, email, phone. Also tag:vip state:disabled accepts_marketing:true orders_count:>2 total_spent:>100 country:GB created_at:>-30d';

const customerPath = (row: { id: string }) => `/customers/${row.id}`;
const customersOf = (data: CustomersQuery) => data.customers;

/** `/customers`: every customer, searchable and sortable, with bulk tagging; all state in the URL. */
export function CustomersRoute() {
  useDocumentTitle('Customers · Stockroom');
  const { can } = useSession();
  const canWrite = can('CUSTOMERS_WRITE');
  const canImport = IMPORT_PERMISSIONS.CUSTOMERS.every((p) => can(p));
  const canExport = can('CUSTOMERS_READ') && can('DATA_EXPORT');
  const phone = usePhone();
  const params = useListParams();
  const list = useListController({
    params,
    query: useCustomersQuery({
      query: params.q || null,
      sortKey: sortKeyOf(CUSTOMER_LIST, params),
      reverse: reverseOf(CUSTOMER_LIST, params),
      ...pageVariables(params),
    }),
    connectionOf: customersOf,
    selection: { canSelect: canWrite, pathOf: customerPath },
    rememberAs: '/customers',
  });

  const newButton = canWrite && (
    <Button component={Link} to="/customers/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Add customer
    </Button>
  );
  const { selected, allMatching } = list.selection;
  const count = list.connection?.count;

  return (
    <ListPage
      list={list}
      maw={1200}
      // Room under the last row for the bulk bar, which floats over the bottom of the window.
      pb={selected.size || allMatching ? 96 : undefined}
      title="Customers"
      plainChange
      intro="Press / to search, j and k to move, x to select, Enter to open."
      actions={
        (canExport || canImport || newButton) && (
          <Group gap="sm">
            {canExport && (
              <ExportButton
                kind="EXPORT_CUSTOMERS"
                noun="customers"
                query={params.q}
                sortKey={sortKeyOf(CUSTOMER_LIST, params)}
                reverse={reverseOf(CUSTOMER_LIST, params)}
                countLabel={exportCountLabel(list.connection?.count)}
              />
            )}
            {canImport && <ImportButton kind="CUSTOMERS" noun="customers" />}
            {newButton}
          </Group>
        )
      }
      search={{
        label: 'Search customers',
        placeholder: 'Name, email or phone; or tag:vip country:GB',
        help: SEARCH_HELP,
      }}
      filters={
        <FilterChips
          filters={CUSTOMER_FILTERS}
          useValues={useCustomerTagValues}
          query={params.q}
          onChange={(q) => params.update({ q })}
        />
      }
      sorting={CUSTOMER_LIST}
      views="CUSTOMERS"
      controls={!phone && <ColumnChooser resource="CUSTOMERS" params={params} />}
      banner={
        canWrite && (
          <SelectAllMatching
            selection={list.selection}
            count={count}
            shown={list.rows.length}
            nouns="customers"
          />
        )
      }
      skeleton={<Skeleton height={360} radius="md" />}
      empty={{
        nouns: 'customers',
        tryHint: 'Try other words or clear the search.',
        none: {
          title: 'No customers yet',
          description: canWrite
            ? 'Customers arrive with their orders, or add one yourself.'
            : 'Customers arrive with their orders. A person with CUSTOMERS_WRITE can add them by hand.',
          action: newButton || undefined,
        },
      }}
      noun="customer"
      footer={
        canWrite &&
        (selected.size > 0 || allMatching) && (
          <CustomerBulkTags
            ids={allMatching ? null : [...selected]}
            query={params.q}
            countLabel={countLabelOf(count)}
            onClear={list.selection.clear}
            onDone={list.bulkDone}
          />
        )
      }
    >
      {(data) => (
        <CustomerTable
          rows={data.customers.nodes}
          phone={phone}
          selectable={canWrite}
          sort={listHeaderSort(CUSTOMER_LIST, params)}
          columns={shownColumns('CUSTOMERS', params)}
          {...list.selection.tableProps}
        />
      )}
    </ListPage>
  );
}
