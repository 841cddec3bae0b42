import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { ListControls, reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session-context';
import { useRememberRows } from '../../../lib/record-neighbours';
import { useDraftsQuery } from '../api/drafts-query';
import { DRAFT_LIST } from '../components/draft-list-sorting';
import { DraftTable } from '../components/draft-table';
import { usePhone } from '../../../lib/use-phone';

const SEARCH_HELP =
  'Words match the draft (#D12), customer name and email. Also status:open customer_id:… updated_at:>-7d';

/** `/drafts`: orders being put together by staff; all list state in the URL. */
export function DraftsRoute() {
  useDocumentTitle('Drafts · Stockroom');
  const { can } = useSession();
  const canWrite = can('ORDERS_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const query = useDraftsQuery({
    query: params.q || null,
    sortKey: sortKeyOf(DRAFT_LIST, params),
    reverse: reverseOf(DRAFT_LIST, params),
    ...pageVariables(params),
  });
  const connection = (query.data ?? query.previousData)?.draftOrders;
  const shownIds = useMemo(() => query.data?.draftOrders.nodes.map((r) => r.id), [query.data]);
  useRememberRows('/drafts', shownIds);
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const newButton = canWrite && (
    <Button component={Link} to="/drafts/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Create draft
    </Button>
  );
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Drafts</Title>
          <Text c="dimmed" visibleFrom="sm">
            Orders taken by phone, email or for wholesale, before they are placed.
          </Text>
        </div>
        {newButton}
      </Group>
      <SearchField
        label="Search drafts"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder="#D12, a name or an email; or status:open"
        error={searchError}
        description={SEARCH_HELP}
      />
      <ListControls list={DRAFT_LIST} params={params} />
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={320} radius="md" />}
        isEmpty={(data) => data.draftOrders.nodes.length === 0}
        empty={listEmpty({
          nouns: 'drafts',
          search: params.q,
          searchError,
          tryHint: 'Try other words or clear the search.',
          onClearSearch: () => params.update({ q: null }),
          none: {
            title: 'No drafts yet',
            description: canWrite
              ? 'Take an order by phone or email: pick the customer and the items, then complete it.'
              : 'Drafts are orders staff put together. Making them needs ORDERS_WRITE.',
            action: newButton || undefined,
          },
        })}
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.draftOrders.pageInfo}
            count={data.draftOrders.count}
            noun="draft"
            onPage={(cursor) => params.update(cursor)}
          >
            <DraftTable
              rows={data.draftOrders.nodes}
              phone={phone}
              sort={listHeaderSort(DRAFT_LIST, params)}
            />
          </ListResults>
        )}
      </DataView>
    </Stack>
  );
}
