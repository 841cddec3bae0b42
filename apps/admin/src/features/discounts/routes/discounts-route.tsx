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
import type { DiscountsQuery } from '../../../gql/graphql';
import { useDiscountsQuery } from '../api/discounts-query';
import { DISCOUNT_LIST } from '../components/discount-list-sorting';
import { DiscountTable } from '../components/discount-table';
import { usePhone } from '../../../lib/use-phone';

const SEARCH_HELP =
  'Words match the start of a code. Also status:active kind:percentage applies_to:collections usage_count:>10 ends_at:<2026-12-31';

const discountsOf = (data: DiscountsQuery) => data.discounts;

/** `/discounts`: the store's codes, their status and use; all list state in the URL. */
export function DiscountsRoute() {
  useDocumentTitle('Discounts · Stockroom');
  const { can } = useSession();
  const canWrite = can('DISCOUNTS_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const list = useListController({
    params,
    query: useDiscountsQuery({
      query: params.q || null,
      sortKey: sortKeyOf(DISCOUNT_LIST, params),
      reverse: reverseOf(DISCOUNT_LIST, params),
      ...pageVariables(params),
    }),
    connectionOf: discountsOf,
  });
  const newButton = canWrite && (
    <Button component={Link} to="/discounts/new" leftSection={<IconPlus size={16} aria-hidden />}>
      Create discount
    </Button>
  );
  return (
    <ListPage
      list={list}
      maw={1200}
      title="Discounts"
      intro="Codes customers and staff enter on an order: what they take off, where, when and how often."
      actions={newButton}
      search={{ label: 'Search discounts', placeholder: 'A code, or status:active', help: SEARCH_HELP }}
      sorting={DISCOUNT_LIST}
      views="DISCOUNTS"
      skeleton={<Skeleton height={320} radius="md" />}
      empty={{
        nouns: 'discount codes',
        tryHint: 'Try the start of another code, or clear the search.',
        none: {
          title: 'No discount codes yet',
          description: canWrite
            ? 'Make a code for a sale, a newsletter or a customer who waited too long.'
            : 'Making codes needs DISCOUNTS_WRITE.',
          action: newButton || undefined,
        },
      }}
      noun="discount code"
    >
      {(data) => (
        <DiscountTable
          rows={data.discounts.nodes}
          phone={phone}
          sort={listHeaderSort(DISCOUNT_LIST, params)}
        />
      )}
    </ListPage>
  );
}
