import { Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ListPage } from '../../../components/list-page';
import { ViewTabs } from '../../../components/view-tabs';
import { useSavedViews } from '../../../components/use-saved-views';
import { SearchField } from '../../../components/search-field';
import type { ReturnsQuery } from '../../../gql/graphql';
import { useListController } from '../../../lib/controllers/use-list-controller';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { usePhone } from '../../../lib/use-phone';
import { useReturnsQuery } from '../api/returns-query';
import { RETURN_TABS, returnTabOf } from '../components/return-list-tabs';
import { ReturnTable, returnPath } from '../components/return-table';

const SEARCH_HELP =
  'Words match the order number (1021 or #1021-R1), customer name or email. Also status:open reason:defective order:1021 created:>-7d to_settle:true';

const EMPTY_TABS: Record<string, string> = {
  requested: 'No return is waiting to be opened.',
  awaiting: 'No parcel is on its way back.',
  'to-settle': 'Nothing to settle: every return that arrived is paid back.',
};

const returnsOf = (data: ReturnsQuery) => data.returns;

/** `/returns`: every return, newest first, with its working views as tabs; state in the URL. */
export function ReturnsRoute() {
  useDocumentTitle('Returns · Stockroom');
  const phone = usePhone();
  const params = useListParams();
  const list = useListController({
    params,
    query: useReturnsQuery({ query: params.q || null, ...pageVariables(params) }),
    connectionOf: returnsOf,
    selection: { canSelect: false, pathOf: returnPath },
    rememberAs: '/returns',
  });
  const saved = useSavedViews('RETURNS', params, null);
  const tab = saved.selected || params.get('view') ? null : returnTabOf(params.q);
  const emptyTab = tab ? EMPTY_TABS[tab.value] : undefined;

  return (
    <ListPage
      list={list}
      maw={1200}
      title="Returns"
      intro="Press / to search, j and k to move, Enter to open."
      toolbar={
        <>
          <ViewTabs saved={saved} tabs={RETURN_TABS} tabOf={returnTabOf} compact={phone} />
          <SearchField
            label="Search returns"
            value={params.q}
            onSearch={(q, how) => params.update({ q }, how)}
            placeholder={
              phone ? 'Order number, name or email' : 'Order number, name or email; or reason:defective'
            }
            error={list.searchError}
            description={phone ? undefined : SEARCH_HELP}
          />
        </>
      }
      skeleton={<Skeleton height={phone ? 520 : 420} radius="md" />}
      empty={
        emptyTab && !params.after && !params.before
          ? { title: 'No returns here', description: emptyTab }
          : {
              nouns: 'returns',
              tryHint: 'Try other words, one of the tabs above, or clear the search.',
              none: {
                title: 'No returns yet',
                description: 'Take a return from a shipped order: open the order and choose Return.',
              },
            }
      }
      noun="return"
    >
      {(data) => (
        <ReturnTable
          rows={data.returns.nodes}
          phone={phone}
          focused={list.selection.tableProps.focused}
          onFocus={list.selection.tableProps.onFocus}
        />
      )}
    </ListPage>
  );
}
