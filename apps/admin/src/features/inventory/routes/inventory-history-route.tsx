import { Anchor, Breadcrumbs, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { DataView } from '../../../components/data-view';
import { ListPager } from '../../../components/list-pager';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useInventoryMovementsQuery } from '../api/inventory-movements-query';
import { HistoryFilters } from '../components/history-filters';
import { MovementCards, MovementTable } from '../components/movement-list';
import { usePhone } from '../../../lib/use-phone';

/** `/inventory/history`: every stock movement, newest first — who, when, why, before → after. */
export function InventoryHistoryRoute() {
  useDocumentTitle('Stock history · Stockroom');
  const phone = usePhone();
  const params = useListParams();
  const query = useInventoryMovementsQuery({ query: params.q || null, ...pageVariables(params) });
  const connection = (query.data ?? query.previousData)?.inventoryMovements;
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;

  return (
    <Stack gap="md">
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/inventory" size="sm">
            Inventory
          </Anchor>
          <Text size="sm">History</Text>
        </Breadcrumbs>
        <Title order={1} mt={4}>
          Stock history
        </Title>
        <Text c="dimmed">Every change of stock: who made it, when, why, and the count before and after.</Text>
      </div>
      <HistoryFilters params={params} searchError={searchError} />
      <DataView
        keepPrevious
        query={query}
        skeleton={
          <Stack gap="xs">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={44} radius="sm" />
            ))}
          </Stack>
        }
        isEmpty={(data) => data.inventoryMovements.nodes.length === 0}
        empty={
          params.q
            ? {
                title: searchError ? 'The search could not run' : 'No movements match',
                description: searchError
                  ? 'Fix the search above.'
                  : 'Widen the filters, or clear them to see every movement.',
                action: (
                  <Button variant="default" onClick={() => params.update({ q: null })}>
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'No stock has moved yet',
                description: 'Adjustments, orders and transfers appear here as they happen.',
                action: (
                  <Button component={Link} to="/inventory" variant="default">
                    Go to inventory
                  </Button>
                ),
              }
        }
      >
        {(data) => (
          <Stack gap="sm">
            {phone ? (
              <MovementCards movements={data.inventoryMovements.nodes} />
            ) : (
              <MovementTable movements={data.inventoryMovements.nodes} />
            )}
            <ListPager
              pageInfo={data.inventoryMovements.pageInfo}
              count={data.inventoryMovements.count}
              noun="movement"
              onPage={(cursor) => params.update(cursor)}
            />
          </Stack>
        )}
      </DataView>
    </Stack>
  );
}
