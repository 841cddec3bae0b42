import { Anchor, Breadcrumbs, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { CollectionInput } from '../../../gql/graphql';
import { useCollectionCreateMutation } from '../api/collection-create-mutation';
import { useStoreCurrencyQuery } from '../api/store-currency-query';
import { CollectionForm, collectionInput, EMPTY_COLLECTION } from '../components/collection-form';

/** `/collections/new`: a manual or automated collection. */
export function CollectionNewRoute() {
  useDocumentTitle('New collection · Stockroom');
  const { can } = useSession();
  const canEdit = can('CATALOG_WRITE');
  const [create] = useCollectionCreateMutation();
  const navigate = useNavigate();
  const command = useCommand({
    mutate: async (input: CollectionInput) => (await create({ variables: { input } })).data?.collectionCreate,
    success: ({ collection }) =>
      collection && { title: 'Collection created', message: `${collection.title} is ready.` },
    onDone: ({ collection }) => {
      if (collection) void navigate(`/collections/${collection.id}`);
    },
  });
  const currency = useStoreCurrencyQuery();

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/collections" size="sm">
            Collections
          </Anchor>
          <Text size="sm">New</Text>
        </Breadcrumbs>
        <Title order={1} mt={4}>
          New collection
        </Title>
      </div>
      <SectionCard
        title="Collection"
        description={
          canEdit
            ? 'Manual collections hold the products you pick; automated ones every product that meets the conditions.'
            : "You don't have permission to create collections. Ask a staff manager for CATALOG_WRITE."
        }
      >
        <DataView query={currency} skeleton={<Skeleton height={240} radius="md" />}>
          {(store) => (
            <CollectionForm
              initial={EMPTY_COLLECTION}
              creating
              canEdit={canEdit}
              currencyCode={store.shop.currencyCode}
              submitLabel="Create collection"
              onSubmit={(values) => command.submit(collectionInput(values, true))}
            />
          )}
        </DataView>
      </SectionCard>
    </Stack>
  );
}
