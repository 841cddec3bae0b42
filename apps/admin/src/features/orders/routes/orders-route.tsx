import { Group, Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { ViewTabs } from '../../../components/view-tabs';
import { useSavedViews } from '../../../components/use-saved-views';
import { ColumnChooser, shownColumns } from '../../../components/shown-columns';
import { ExportButton, exportCountLabel } from '../../../components/export-dialog';
import { reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { SearchField } from '../../../components/search-field';
import { useListController } from '../../../lib/controllers/use-list-controller';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { SelectAllMatching } from '../../../components/select-all-matching';
import { useSession } from '../../../lib/session-context';
import type { OrdersQuery } from '../../../gql/graphql';
import { useOrdersQuery } from '../api/orders-query';
import { OrderBulkBar } from '../components/order-bulk-bar';
import { ORDER_LIST, ORDER_TABS, tabOf } from '../components/order-list-sorting';
import { useRememberList } from '../components/order-list-memory';
import { OrderTable, orderPath } from '../components/order-table';
import { OrderSortControls } from '../components/order-tabs';
import { usePhone } from '../../../lib/use-phone';
import { NewOrdersBanner } from '../components/new-orders-banner';

const SEARCH_HELP =
  'Words match order number, email, customer name, SKU. Also status:open payment_status:pending fulfillment_status:unfulfilled tag: sku: location: total:>100 created_at:>-7d customer_id:';

/** What the empty tabs say: each tab's empty list is good news or a next step, not a dead end. */
const EMPTY_TABS: Record<string, string> = {
  unfulfilled: 'Nothing to ship: every open order is fulfilled.',
  unpaid: 'Nothing unpaid: every order that is not cancelled is paid.',
  open: 'Orders stay open from placement until they are archived or cancelled.',
  archived: 'Archive orders that are done to keep the open ones in view.',
};

const ordersOf = (data: OrdersQuery) => data.orders;

/** `/orders`: every order, with saved views as tabs, search, sort and bulk actions; state in the URL. */
export function OrdersRoute() {
  useDocumentTitle('Orders · Stockroom');
  const { can } = useSession();
  const canWrite = can('ORDERS_WRITE');
  // Everyone on this page reads orders; selecting them prints slips and pick lists (issue #33).
  const canSelect = can('ORDERS_READ');
  const canExport = can('ORDERS_READ') && can('DATA_EXPORT');
  const phone = usePhone();
  const params = useListParams();
  const location = useLocation();
  const list = useListController({
    params,
    query: useOrdersQuery({
      query: params.q || null,
      sortKey: sortKeyOf(ORDER_LIST, params),
      reverse: reverseOf(ORDER_LIST, params),
      ...pageVariables(params),
    }),
    connectionOf: ordersOf,
    selection: { canSelect, pathOf: orderPath },
  });
  // Orders keep their own, richer memory of the list (order-neighbours.ts): its URL too.
  useRememberList(list.shownIds, location.search);
  const { allMatching, clear } = list.selection;
  const count = list.connection?.count;
  const saved = useSavedViews('ORDERS', params, ORDER_LIST);
  const columns = shownColumns('ORDERS', params);
  const tab = saved.selected || params.get('view') ? null : tabOf(params.q);
  const emptyTab = tab ? EMPTY_TABS[tab.value] : undefined;

  return (
    <ListPage
      list={list}
      maw={1280}
      title="Orders"
      intro="Press / to search, j and k to move, x to select, Enter to open."
      actions={
        canExport && (
          <ExportButton
            kind="EXPORT_ORDERS"
            noun="orders"
            query={params.q}
            sortKey={sortKeyOf(ORDER_LIST, params)}
            reverse={reverseOf(ORDER_LIST, params)}
            countLabel={exportCountLabel(list.connection?.count)}
          />
        )
      }
      toolbar={
        <>
          <ViewTabs saved={saved} tabs={ORDER_TABS} tabOf={tabOf} compact={phone} />
          <Group align="flex-start" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
            <SearchField
              label="Search orders"
              value={params.q}
              onSearch={(q, how) => params.update({ q }, how)}
              placeholder={
                phone
                  ? 'Number, name, email or SKU'
                  : 'Number, name, email or SKU; or tag:gift location:"Main"'
              }
              error={list.searchError}
              description={phone ? undefined : SEARCH_HELP}
            />
            <Group gap="xs" wrap="nowrap" style={{ paddingTop: phone ? 0 : 25 }}>
              <OrderSortControls params={params} />
              {!phone && <ColumnChooser resource="ORDERS" params={params} />}
            </Group>
          </Group>
          <NewOrdersBanner
            onShow={() => {
              if (params.after || params.before) params.update({ after: null, before: null });
              else void list.query.refetch();
            }}
          />
        </>
      }
      banner={
        canSelect && (
          <SelectAllMatching
            selection={list.selection}
            count={count}
            shown={list.rows.length}
            nouns="orders"
            purpose="to print"
          />
        )
      }
      skeleton={<Skeleton height={phone ? 520 : 420} radius="md" />}
      empty={
        emptyTab && !params.after && !params.before
          ? { title: 'No orders match', description: emptyTab }
          : {
              nouns: 'orders',
              tryHint: 'Try other words, one of the tabs above, or clear the search.',
              none: {
                title: 'No orders yet',
                description:
                  'Orders arrive from your storefront or integrations through the API, and show here as soon as they are placed.',
              },
            }
      }
      noun="order"
      footer={
        canSelect &&
        (list.chosen.length > 0 || allMatching) && (
          <OrderBulkBar
            rows={allMatching ? [] : list.chosen}
            matching={
              allMatching && count
                ? { query: params.q, count: count.value, atLeast: count.precision === 'AT_LEAST' }
                : null
            }
            canWrite={canWrite}
            onDone={list.bulkDone}
            onClear={clear}
          />
        )
      }
    >
      {(data) => (
        <OrderTable
          rows={data.orders.nodes}
          phone={phone}
          selectable={canSelect}
          sort={listHeaderSort(ORDER_LIST, params)}
          columns={columns}
          {...list.selection.tableProps}
        />
      )}
    </ListPage>
  );
}
