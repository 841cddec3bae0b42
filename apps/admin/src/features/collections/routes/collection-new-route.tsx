import { Anchor, Breadcrumbs, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { SectionCard } from '../../../components/section-card';
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
              onSubmit={async (values) => {
                const { data } = await create({ variables: { input: collectionInput(values, true) } });
                const payload = data?.collectionCreate;
                if (payload?.collection) {
                  notifications.show({
                    color: 'green',
                    title: 'Collection created',
                    message: `${payload.collection.title} is ready.`,
                  });
                  await navigate(`/collections/${payload.collection.id}`);
                }
                return payload?.userErrors ?? [];
              }}
            />
          )}
        </DataView>
      </SectionCard>
    </Stack>
  );
}
