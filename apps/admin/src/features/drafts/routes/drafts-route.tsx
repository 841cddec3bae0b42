import { Button, Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { useListController } from '../../../lib/controllers/use-list-controller';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session-context';
import type { DraftOrdersQuery } from '../../../gql/graphql';
import { useDraftsQuery } from '../api/drafts-query';
import { DRAFT_LIST } from '../components/draft-list-sorting';
import { DraftTable } from '../components/draft-table';
import { usePhone } from '../../../lib/use-phone';

const SEARCH_HELP =
  'Words match the draft (#D12), customer name and email. Also status:open customer_id:… updated_at:>-7d';

const draftsOf = (data: DraftOrdersQuery) => data.draftOrders;

/** `/drafts`: orders being put together by staff; all list state in the URL. */
export function DraftsRoute() {
  useDocumentTitle('Drafts · Stockroom');
  const { can } = useSession();
  const canWrite = can('ORDERS_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const list = useListController({
    params,
    query: useDraftsQuery({
      query: params.q || null,
      sortKey: sortKeyOf(DRAFT_LIST, params),
      reverse: reverseOf(DRAFT_LIST, params),
      ...pageVariables(params),
    }),
    connectionOf: draftsOf,
    rememberAs: '/drafts',
  });
  const newButton = canWrite && (
    <Button component={Link} to="/drafts/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Create draft
    </Button>
  );
  return (
    <ListPage
      list={list}
      maw={1200}
      title="Drafts"
      intro="Orders taken by phone, email or for wholesale, before they are placed."
      actions={newButton}
      search={{
        label: 'Search drafts',
        placeholder: '#D12, a name or an email; or status:open',
        help: SEARCH_HELP,
      }}
      sorting={DRAFT_LIST}
      views="DRAFT_ORDERS"
      skeleton={<Skeleton height={320} radius="md" />}
      empty={{
        nouns: 'drafts',
        tryHint: 'Try other words or clear the search.',
        none: {
          title: 'No drafts yet',
          description: canWrite
            ? 'Take an order by phone or email: pick the customer and the items, then complete it.'
            : 'Drafts are orders staff put together. Making them needs ORDERS_WRITE.',
          action: newButton || undefined,
        },
      }}
      noun="draft"
    >
      {(data) => (
        <DraftTable rows={data.draftOrders.nodes} phone={phone} sort={listHeaderSort(DRAFT_LIST, params)} />
      )}
    </ListPage>
  );
}
