import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { ListPager } from '../../../components/list-pager';
import { SearchField } from '../../../components/search-field';
import { pageVariables, useListParams } from '../../../lib/list-params';
import { useCollectionsQuery } from '../api/collections-query';
import { CollectionList } from '../components/collection-list';
import { usePhone } from '../../../lib/use-phone';

/** `/collections`: manual and automated collections by title, with a search. */
export function CollectionsRoute() {
  useDocumentTitle('Collections · Stockroom');
  const { can } = useSession();
  const canEdit = can('CATALOG_WRITE');
  const phone = usePhone();
  const params = useListParams();
  const query = useCollectionsQuery({ query: params.q || null, ...pageVariables(params) });
  const connection = (query.data ?? query.previousData)?.collections;
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;

  const newButton = canEdit && (
    <Button component={Link} to="/collections/new" leftSection={<IconPlus size={16} aria-hidden />}>
      New collection
    </Button>
  );

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Collections</Title>
          <Text c="dimmed">Groups of products: picked by hand, or kept up to date by conditions.</Text>
        </div>
        {newButton}
      </Group>
      <SearchField
        label="Search collections"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder="Words of the title"
        error={searchError}
      />
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={240} radius="md" />}
        isEmpty={(data) => data.collections.nodes.length === 0}
        empty={
          params.q
            ? {
                title: 'No collections match',
                description: 'Try other words, or clear the search.',
                action: (
                  <Button variant="default" onClick={() => params.update({ q: null })}>
                    Clear search
                  </Button>
                ),
              }
            : {
                title: 'No collections yet',
                description: canEdit
                  ? 'Create one to group products for the storefront, like “Summer sale”.'
                  : 'A person with CATALOG_WRITE can create collections.',
                action: newButton || undefined,
              }
        }
      >
        {(data) => (
          <Stack gap="sm">
            <Paper withBorder radius="md" p={phone ? 0 : 'xs'} bd={phone ? 'none' : undefined}>
              <CollectionList collections={data.collections.nodes} phone={phone} />
            </Paper>
            <ListPager
              pageInfo={data.collections.pageInfo}
              count={data.collections.count}
              noun="collection"
              onPage={(cursor) => params.update(cursor)}
            />
          </Stack>
        )}
      </DataView>
    </Stack>
  );
}
