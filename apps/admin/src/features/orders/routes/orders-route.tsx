import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { DataView } from '../../../components/data-view';
import { reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session-context';
import { useListSelection } from '../../../lib/use-list-selection';
import { useOrdersQuery } from '../api/orders-query';
import { OrderBulkBar } from '../components/order-bulk-bar';
import { ORDER_LIST, tabOf } from '../components/order-list-sorting';
import { useRememberList } from '../components/order-list-memory';
import { OrderTable, orderPath } from '../components/order-table';
import { OrderSortControls, OrderTabs } from '../components/order-tabs';
import { usePhone } from '../../../lib/use-phone';

const SEARCH_HELP =
  'Words match order number, email, customer name, SKU. Also status:open payment_status:pending fulfillment_status:unfulfilled tag: sku: location: total:>100 created_at:>-7d customer_id:';

/** What the empty tabs say: each tab's empty list is good news or a next step, not a dead end. */
const EMPTY_TABS: Record<string, string> = {
  unfulfilled: 'Nothing to ship: every open order is fulfilled.',
  unpaid: 'Nothing unpaid: every order that is not cancelled is paid.',
  open: 'Orders stay open from placement until they are archived or cancelled.',
  archived: 'Archive orders that are done to keep the open ones in view.',
};

/** `/orders`: every order, with saved views as tabs, search, sort and bulk actions; state in the URL. */
export function OrdersRoute() {
  useDocumentTitle('Orders · Stockroom');
  const { can } = useSession();
  const canWrite = can('ORDERS_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const location = useLocation();
  const query = useOrdersQuery({
    query: params.q || null,
    sortKey: sortKeyOf(ORDER_LIST, params),
    reverse: reverseOf(ORDER_LIST, params),
    ...pageVariables(params),
  });
  const connection = (query.data ?? query.previousData)?.orders;
  const rows = useMemo(() => connection?.nodes ?? [], [connection]);
  // Only the page as loaded for this URL is remembered, never the one shown while the next loads.
  const current = query.data?.orders.nodes;
  const ids = useMemo(() => current?.map((r) => r.id), [current]);
  useRememberList(ids, location.search);
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const [lastChange, setLastChange] = useState<string | null>(null);
  const { selected, clear, tableProps } = useListSelection({
    rows,
    search: params.q,
    canSelect: canWrite,
    pathOf: orderPath,
  });
  const chosen = rows.filter((r) => selected.has(r.id));
  const tab = tabOf(params.q);
  const emptyTab = tab ? EMPTY_TABS[tab.value] : undefined;

  return (
    <Stack gap="md" maw={1280}>
      <div>
        <Title order={1}>Orders</Title>
        <Text c="dimmed" visibleFrom="sm">
          Press / to search, j and k to move, x to select, Enter to open.
        </Text>
      </div>
      <OrderTabs params={params} compact={phone} />
      <Group align="flex-start" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <SearchField
          label="Search orders"
          value={params.q}
          onSearch={(q, how) => params.update({ q }, how)}
          placeholder={
            phone ? 'Number, name, email or SKU' : 'Number, name, email or SKU; or tag:gift location:"Main"'
          }
          error={searchError}
          description={phone ? undefined : SEARCH_HELP}
        />
        <div style={{ paddingTop: phone ? 0 : 25 }}>
          <OrderSortControls params={params} />
        </div>
      </Group>
      {lastChange && (
        <Text size="sm" c="green.8" role="status" data-testid="bulk-result">
          {lastChange}
        </Text>
      )}
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={phone ? 520 : 420} radius="md" />}
        isEmpty={(data) => data.orders.nodes.length === 0}
        empty={
          emptyTab && !params.after && !params.before
            ? { title: 'No orders match', description: emptyTab }
            : listEmpty({
                nouns: 'orders',
                search: params.q,
                searchError,
                tryHint: 'Try other words, one of the tabs above, or clear the search.',
                onClearSearch: () => params.update({ q: null }),
                none: {
                  title: 'No orders yet',
                  description:
                    'Orders arrive from your storefront or integrations through the API, and show here as soon as they are placed.',
                },
              })
        }
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.orders.pageInfo}
            count={data.orders.count}
            noun="order"
            onPage={(cursor) => params.update(cursor)}
          >
            <OrderTable
              rows={data.orders.nodes}
              phone={phone}
              selectable={canWrite}
              sort={listHeaderSort(ORDER_LIST, params)}
              {...tableProps}
            />
          </ListResults>
        )}
      </DataView>
      {canWrite && chosen.length > 0 && (
        <OrderBulkBar
          rows={chosen}
          onDone={(message) => {
            setLastChange(message);
            clear();
          }}
          onClear={clear}
        />
      )}
    </Stack>
  );
}
