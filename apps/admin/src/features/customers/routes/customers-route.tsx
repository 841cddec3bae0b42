import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { useRememberRows } from '../../../lib/record-neighbours';
import { DataView } from '../../../components/data-view';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { FilterChips } from '../../../components/filter-chips';
import { CUSTOMER_FILTERS } from '../components/customer-filters';
import { useCustomerTagValues } from '../api/customer-tag-values-query';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useCustomersQuery } from '../api/customers-query';
import { CustomerBulkTags } from '../components/customer-bulk-tags';
import { ListControls, reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { CUSTOMER_LIST } from '../components/customer-list-sorting';
import { CustomerTable } from '../components/customer-table';
import { useListSelection } from '../../../lib/use-list-selection';
import { usePhone } from '../../../lib/use-phone';

const SEARCH_HELP =
  'Words match name, email, phone. Also tag:vip state:disabled accepts_marketing:true orders_count:>2 total_spent:>100 country:GB created_at:>-30d';

const customerPath = (row: { id: string }) => `/customers/${row.id}`;

/** `/customers`: every customer, searchable and sortable, with bulk tagging; all state in the URL. */
export function CustomersRoute() {
  useDocumentTitle('Customers · Stockroom');
  const { can } = useSession();
  const canWrite = can('CUSTOMERS_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const query = useCustomersQuery({
    query: params.q || null,
    sortKey: sortKeyOf(CUSTOMER_LIST, params),
    reverse: reverseOf(CUSTOMER_LIST, params),
    ...pageVariables(params),
  });
  const connection = (query.data ?? query.previousData)?.customers;
  const rows = useMemo(() => connection?.nodes ?? [], [connection]);
  const shownIds = useMemo(() => query.data?.customers.nodes.map((r) => r.id), [query.data]);
  useRememberRows('/customers', shownIds);
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const [lastChange, setLastChange] = useState<string | null>(null);
  const { selected, clear, tableProps } = useListSelection({
    rows,
    search: params.q,
    canSelect: canWrite,
    pathOf: customerPath,
  });

  const newButton = canWrite && (
    <Button component={Link} to="/customers/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Add customer
    </Button>
  );
  const chosen = rows.filter((r) => selected.has(r.id));

  return (
    <Stack gap="md" maw={1200} pb={chosen.length ? 96 : undefined}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Customers</Title>
          <Text c="dimmed" visibleFrom="sm">
            Press / to search, j and k to move, x to select, Enter to open.
          </Text>
        </div>
        {newButton}
      </Group>
      <SearchField
        label="Search customers"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder="Name, email or phone; or tag:vip country:GB"
        error={searchError}
        description={SEARCH_HELP}
      />
      <FilterChips
        filters={CUSTOMER_FILTERS}
        useValues={useCustomerTagValues}
        query={params.q}
        onChange={(q) => params.update({ q })}
      />
      <ListControls list={CUSTOMER_LIST} params={params} />
      {lastChange && (
        <Text size="sm" fw={500} role="status" data-testid="bulk-result">
          {lastChange}
        </Text>
      )}
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={360} radius="md" />}
        isEmpty={(data) => data.customers.nodes.length === 0}
        empty={listEmpty({
          nouns: 'customers',
          search: params.q,
          searchError,
          tryHint: 'Try other words or clear the search.',
          onClearSearch: () => params.update({ q: null }),
          none: {
            title: 'No customers yet',
            description: canWrite
              ? 'Customers arrive with their orders, or add one yourself.'
              : 'Customers arrive with their orders. A person with CUSTOMERS_WRITE can add them by hand.',
            action: newButton || undefined,
          },
        })}
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.customers.pageInfo}
            count={data.customers.count}
            noun="customer"
            onPage={(cursor) => params.update(cursor)}
          >
            <CustomerTable
              rows={data.customers.nodes}
              phone={phone}
              selectable={canWrite}
              sort={listHeaderSort(CUSTOMER_LIST, params)}
              {...tableProps}
            />
          </ListResults>
        )}
      </DataView>
      {canWrite && chosen.length > 0 && (
        <CustomerBulkTags
          rows={chosen}
          onClear={clear}
          onDone={(message) => {
            setLastChange(message);
            clear();
          }}
        />
      )}
    </Stack>
  );
}
