import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { ListControls, reverseOf, sortKeyOf } from '../../../components/list-controls';
import { listHeaderSort } from '../../../components/sortable-th';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session-context';
import { useDiscountsQuery } from '../api/discounts-query';
import { DISCOUNT_LIST } from '../components/discount-list-sorting';
import { DiscountTable } from '../components/discount-table';
import { usePhone } from '../../../lib/use-phone';

const SEARCH_HELP =
  'Words match the start of a code. Also status:active kind:percentage applies_to:collections usage_count:>10 ends_at:<2026-12-31';

/** `/discounts`: the store's codes, their status and use; all list state in the URL. */
export function DiscountsRoute() {
  useDocumentTitle('Discounts · Stockroom');
  const { can } = useSession();
  const canWrite = can('DISCOUNTS_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const query = useDiscountsQuery({
    query: params.q || null,
    sortKey: sortKeyOf(DISCOUNT_LIST, params),
    reverse: reverseOf(DISCOUNT_LIST, params),
    ...pageVariables(params),
  });
  const connection = (query.data ?? query.previousData)?.discounts;
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const newButton = canWrite && (
    <Button component={Link} to="/discounts/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Create discount
    </Button>
  );
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Discounts</Title>
          <Text c="dimmed" visibleFrom="sm">
            Codes customers and staff enter on an order: what they take off, where, when and how often.
          </Text>
        </div>
        {newButton}
      </Group>
      <SearchField
        label="Search discounts"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder="A code, or status:active"
        error={searchError}
        description={SEARCH_HELP}
      />
      <ListControls list={DISCOUNT_LIST} params={params} />
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={320} radius="md" />}
        isEmpty={(data) => data.discounts.nodes.length === 0}
        empty={listEmpty({
          nouns: 'discount codes',
          search: params.q,
          searchError,
          tryHint: 'Try the start of another code, or clear the search.',
          onClearSearch: () => params.update({ q: null }),
          none: {
            title: 'No discount codes yet',
            description: canWrite
              ? 'Make a code for a sale, a newsletter or a customer who waited too long.'
              : 'Making codes needs DISCOUNTS_WRITE.',
            action: newButton || undefined,
          },
        })}
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.discounts.pageInfo}
            count={data.discounts.count}
            noun="discount code"
            onPage={(cursor) => params.update(cursor)}
          >
            <DiscountTable
              rows={data.discounts.nodes}
              phone={phone}
              sort={listHeaderSort(DISCOUNT_LIST, params)}
            />
          </ListResults>
        )}
      </DataView>
    </Stack>
  );
}
